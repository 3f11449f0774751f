import { idParams } from '../common/params.ts';
import { defineRoutes } from '../route-contract.ts';
import { wantedAddresses } from './addresses.ts';
import { wantedAnswerResponse, wantedListResponse, wantedPostResponse } from './responses.ts';
import { answerWantedSchema, createWantedSchema, wantedListQuerySchema } from './schemas.ts';
import { WANTED } from './texts.ts';

const params = idParams(WANTED.notFound);

export const wantedContracts = defineRoutes(wantedAddresses, {
  list: {
    summary:
      "Wanted posts: for a seller the open board, newest first; for a buyer their own posts with the sellers' answers",
    query: wantedListQuerySchema,
    response: { 200: wantedListResponse },
  },
  create: {
    summary: 'A verified buyer posts what they are looking for; matching sellers may be alerted daily',
    body: createWantedSchema,
    response: { 201: wantedPostResponse },
  },
  close: {
    summary: 'The buyer takes their wanted post down; it can no longer be answered',
    params,
    response: { 200: wantedPostResponse },
  },
  answer: {
    summary: "A seller answers with one of their public lots: an offer in the buyer's conversation",
    params,
    body: answerWantedSchema,
    response: { 201: wantedAnswerResponse },
  },
});
