import { accountContracts } from './accounts/routes.ts';
import { adminContracts } from './admin/routes.ts';
import { aiContracts } from './ai/routes.ts';
import { apiKeyContracts } from './api-keys/routes.ts';
import { authContracts } from './auth/routes.ts';
import { buyerGroupContracts } from './buyer-groups/routes.ts';
import { cartContracts } from './cart/routes.ts';
import { catalogContracts } from './catalog/routes.ts';
import { companyContracts } from './company/routes.ts';
import { dealContracts } from './deals/routes.ts';
import { devMailContracts } from './dev-mail/routes.ts';
import { fulfilmentContracts } from './fulfilment/routes.ts';
import { healthContracts } from './health/routes.ts';
import { homeContracts } from './home/routes.ts';
import { insightContracts } from './insights/routes.ts';
import { invoiceContracts } from './invoices/routes.ts';
import { listingContracts } from './listings/routes.ts';
import { messagingContracts } from './messaging/routes.ts';
import { notificationContracts } from './notifications/routes.ts';
import type { RouteAddress, RouteContract } from './route-contract.ts';
import { sampleContracts } from './samples/routes.ts';
import { savedSearchContracts } from './saved-searches/routes.ts';
import { sellerContracts } from './sellers/routes.ts';
import { wantedContracts } from './wanted/routes.ts';
import { watchlistContracts } from './watchlist/routes.ts';
import { webhookContracts } from './webhooks/routes.ts';

/** Every feature's contracts, by feature: the whole API as the two sides agree on it. */
export const featureContracts = {
  accounts: accountContracts,
  admin: adminContracts,
  ai: aiContracts,
  apiKeys: apiKeyContracts,
  auth: authContracts,
  cart: cartContracts,
  buyerGroups: buyerGroupContracts,
  catalog: catalogContracts,
  company: companyContracts,
  deals: dealContracts,
  devMail: devMailContracts,
  fulfilment: fulfilmentContracts,
  health: healthContracts,
  home: homeContracts,
  insights: insightContracts,
  invoices: invoiceContracts,
  listings: listingContracts,
  messaging: messagingContracts,
  samples: sampleContracts,
  notifications: notificationContracts,
  savedSearches: savedSearchContracts,
  sellers: sellerContracts,
  wanted: wantedContracts,
  watchlist: watchlistContracts,
  webhooks: webhookContracts,
};

type Features = typeof featureContracts;

/** Any one contract, with its own types. */
export type AnyContract = { [F in keyof Features]: Features[F][keyof Features[F]] }[keyof Features];

export const allContracts = (): RouteContract[] =>
  Object.values(featureContracts).flatMap((feature) => Object.values(feature) as RouteContract[]);

/**
 * The contract at an address. Addresses are unique (contracts.test.ts), so this is the one a
 * zod-free address stands for, and the web app types a call by it without loading its schemas.
 */
export type ContractAt<A extends RouteAddress> = Extract<AnyContract, { method: A['method']; url: A['url'] }>;
