import { idParams } from '../common/params.ts';
import { defineRoutes } from '../route-contract.ts';
import { sampleAddresses } from './addresses.ts';
import {
  sampleApprovedResponseSchema,
  sampleDeclineSchema,
  sampleListQuerySchema,
  sampleListResponseSchema,
  sampleRequestSchema,
  sampleResponseSchema,
} from './schemas.ts';
import { SAMPLES } from './texts.ts';

// Issue 25 item 3: a buyer asks for a sample of a public lot; its seller approves it (a $0 order)
// or declines it.

const sampleParams = idParams(SAMPLES.notFound);

export const sampleContracts = defineRoutes(sampleAddresses, {
  request: {
    summary: 'Ask the seller for a sample of a public lot, in grams (buyers; capped per seller per month)',
    body: sampleRequestSchema,
    response: { 201: sampleResponseSchema },
  },
  list: {
    summary: "The caller's sample requests on one side, newest first, with the orders they led to",
    query: sampleListQuerySchema,
    response: { 200: sampleListResponseSchema },
  },
  approve: {
    summary: 'Approve a sample request: it becomes a $0 order, fulfilled and invoiced like any (sellers)',
    params: sampleParams,
    response: { 200: sampleApprovedResponseSchema },
  },
  decline: {
    summary: 'Decline a sample request, with an optional reason (sellers)',
    params: sampleParams,
    body: sampleDeclineSchema,
    response: { 200: sampleResponseSchema },
  },
});
