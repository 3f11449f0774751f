import { z } from 'zod';
import { defineRoutes, rawResponse } from '../route-contract.ts';
import { devMailAddresses } from './addresses.ts';

const page = rawResponse('text/html', 'A page for a person, not for a program');

export const devMailContracts = defineRoutes(devMailAddresses, {
  outbox: { summary: 'Development only: the mail outbox', response: page },
  message: {
    summary: 'Development only: one message of the outbox',
    params: z.object({ file: z.string() }),
    response: page,
  },
});
