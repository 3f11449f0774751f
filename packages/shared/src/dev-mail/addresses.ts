import { address } from '../route-contract.ts';

// Development only: the mail outbox, served outside /api (decision 200; see routes.ts).
export const devMailAddresses = {
  outbox: address('GET', '/dev/mail'),
  message: address('GET', '/dev/mail/:file'),
};
