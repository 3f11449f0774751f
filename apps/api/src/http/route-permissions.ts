import type { Permission } from '@canopy/shared';
import { fullPath, type RouteDef } from './route-table.ts';

// What a company member's role must allow for each route (issue 28, decision 202), as one table
// beside the route table rather than inside each route() call, so the whole of it is reviewed in
// one place. Keys are "METHOD /api/path" as the route table writes them. Admins belong to no
// company and public routes serve anyone, so neither appears here; every other route must, and
// a test fails when one is missing or an entry names a route that does not exist.
//
// - a Permission: the member's role must hold it;
// - { buyer, seller }: a deal route either side calls; a company trades on one side (its founding
//   row's role), so the permission is that side's;
// - null: nothing the company owns is at stake (the person's own sign-in, password, second factor),
//   or every role may (reading the company's own profile).

export type RoutePermission = Permission | { readonly buyer: Permission; readonly seller: Permission } | null;

const OFFER_MOVE = { buyer: 'offers:buy', seller: 'offers:sell' } as const;
const ORDER_MOVE = { buyer: 'orders:buy', seller: 'orders:sell' } as const;

export const ROUTE_PERMISSIONS: Readonly<Record<string, RoutePermission>> = {
  // The person signed in: their session, second factor and password.
  'POST /api/auth/logout': null,
  'GET /api/auth/me': null,
  'POST /api/auth/2fa/setup': null,
  'POST /api/auth/2fa/enable': null,
  'POST /api/auth/2fa/disable': null,
  'POST /api/auth/change-password': null,
  // The business profile: every member reads it, changing it is the profile permission.
  'GET /api/auth/profile': null,
  // Decision 205: the sign-in address, contact name and notifications are the person's own, whatever
  // the role; saveProfile (member-profile.ts) asks profile:write only when a business field changes.
  'PUT /api/auth/profile': null,
  'DELETE /api/auth/profile/pending-change': 'profile:write',
  'GET /api/users/:id/license-document': 'company:read',

  'POST /api/ai/enhance-text': 'listings:write',
  'GET /api/listings/my/listings': 'listings:read',
  'POST /api/listings': 'listings:write',
  'PUT /api/listings/:id': 'listings:write',
  'POST /api/listings/:id/archive': 'listings:write',
  'POST /api/listings/:id/relist': 'listings:write',
  'POST /api/listings/:id/publish': 'listings:write',
  'DELETE /api/listings/:id': 'listings:write',
  'POST /api/listings/:id/duplicate': 'listings:write',
  'POST /api/listings/:id/review-request': 'listings:write',
  'GET /api/listings/my/insights': 'listings:read',
  'GET /api/listings/:id/insights': 'listings:read',

  'POST /api/messages': 'messages:write',
  'POST /api/messages/reply': 'messages:write',
  'GET /api/messages/conversations': 'messages:read',
  'GET /api/messages/thread/:participantId': 'messages:read',
  // Archiving moves the conversation for the whole company, so it is a write.
  'POST /api/messages/archive/:id': 'messages:write',
  'POST /api/messages/unarchive/:id': 'messages:write',
  // The badge and the stream serve every member: one who may not read messages has no unread counter
  // (0) and gets the deal events on their stream but no messages (decision 208).
  'GET /api/messages/unread': null,
  'GET /api/messages/stream': null,

  'POST /api/offers': 'offers:buy',
  // The cart is a buyer's draft of offers (issue 25): those who may offer keep it.
  'GET /api/cart': 'offers:buy',
  'PUT /api/cart': 'offers:buy',
  'GET /api/offers': 'orders:read',
  'GET /api/offers/:id': 'orders:read',
  'POST /api/offers/:id/accept': OFFER_MOVE,
  'POST /api/offers/:id/decline': OFFER_MOVE,
  'POST /api/offers/:id/withdraw': OFFER_MOVE,
  'POST /api/offers/:id/counter': OFFER_MOVE,
  'POST /api/offers/:id/approve': 'offers:approve',
  'POST /api/offers/:id/decline-approval': 'offers:approve',
  'GET /api/orders': 'orders:read',
  'GET /api/orders/export.csv': 'orders:read',
  'GET /api/orders/:id': 'orders:read',
  'GET /api/orders/:id/confirmation.pdf': 'orders:read',
  'POST /api/orders/:id/status': ORDER_MOVE,
  'GET /api/deals/summary': 'orders:read',
  // Issue 25 items 3 and 5 (decisions 243-245): asking for a sample and ordering again are buying
  // moves, answering a sample request a selling one; either side's list is reading its deals.
  'POST /api/orders/:id/reorder': 'offers:buy',
  'POST /api/samples': 'offers:buy',
  'GET /api/samples': 'orders:read',
  'POST /api/samples/:id/approve': 'offers:sell',
  'POST /api/samples/:id/decline': 'offers:sell',
  // Invoices and payments (issue 23): reading them is invoices:read on either side; recording
  // money received is payments:write, and invoicePolicy leaves it to the seller.
  'GET /api/orders/:id/payments': 'invoices:read',
  'POST /api/orders/:id/payments': 'payments:write',
  'GET /api/invoices': 'invoices:read',
  'GET /api/invoices.csv': 'invoices:read',
  'GET /api/invoices/export': 'invoices:read',
  // Issue 23: the seller schedules and corrects; the invoice is read with invoices:read, the
  // manifest (a transport paper) with orders:read.
  'POST /api/orders/:id/schedule': 'orders:sell',
  'POST /api/orders/:id/invoice/corrections': 'orders:sell',
  'GET /api/orders/:id/invoice': 'invoices:read',
  'GET /api/orders/:id/invoice.pdf': 'invoices:read',
  'GET /api/orders/:id/manifest.pdf': 'orders:read',
  'GET /api/orders/:id/manifest.csv': 'orders:read',

  // Saved searches and the watchlist are the company's: every member reads them, changing them
  // is a permission of its own.
  'GET /api/watchlist': null,
  'GET /api/watchlist/summary': null,
  // Marking the watchlist's changes seen is reading them.
  'POST /api/watchlist/seen': null,
  'PUT /api/watchlist/:id': 'searches:write',
  'DELETE /api/watchlist/:id': 'searches:write',
  'GET /api/saved-searches': null,
  'POST /api/saved-searches': 'searches:write',
  'PATCH /api/saved-searches/:id': 'searches:write',
  'DELETE /api/saved-searches/:id': 'searches:write',
  // Wanted posts (issue 25 item 4, decision 247): posting and closing are buying, answering is an
  // offer on the company's lot; reading the board (or one's own posts) is every member's.
  'GET /api/wanted': null,
  'POST /api/wanted': 'offers:buy',
  'POST /api/wanted/:id/close': 'offers:buy',
  'POST /api/wanted/:id/answers': 'offers:sell',

  // Notifications are each member's own, already only of the kinds their role may see (decision
  // 250): every member reads and marks theirs.
  'GET /api/notifications': null,
  'POST /api/notifications/:id/read': null,
  'POST /api/notifications/read-all': null,

  // The company page (decisions 205-209): every member reads the company and its licenses;
  // invitations, members, the activity log, added licenses and the security setting are
  // company:manage, as the services check (requireMember, requirePermission); handing the
  // company over is the owners'. Accepting an invitation is public, so it is not here.
  'GET /api/company': 'company:read',
  'GET /api/company/activity': 'company:manage',
  'POST /api/company/invitations': 'company:manage',
  'DELETE /api/company/invitations/:id': 'company:manage',
  'PUT /api/company/members/:userId': 'company:manage',
  'DELETE /api/company/members/:userId': 'company:manage',
  'POST /api/company/transfer': 'company:own',
  'PUT /api/company/security': 'company:manage',
  'POST /api/company/licenses': 'company:manage',
  'GET /api/company/licenses': 'company:read',
  'GET /api/company/licenses/:id/document': 'company:read',
  // API keys (issue 24, decision 222): an owner's or manager's; no key's scopes reach them.
  'GET /api/api-keys': 'company:manage',
  'POST /api/api-keys': 'company:manage',
  'DELETE /api/api-keys/:id': 'company:manage',
  'GET /api/webhooks': 'company:manage',
  'POST /api/webhooks': 'company:manage',
  'DELETE /api/webhooks/:id': 'company:manage',
  'GET /api/webhooks/:id/deliveries': 'company:manage',
  'POST /api/webhooks/:id/deliveries/:deliveryId/retry': 'company:manage',
  // Issue 24: what an ERP keeps in step and reads back (decision 225).
  'PATCH /api/listings/:id/quantity': 'listings:write',
  'GET /api/listings/export.csv': 'listings:read',
  'GET /api/listings/export': 'listings:read',
  // Issue 24 item 3 (decision 230): even a dry run is part of writing lots; the template is not.
  'POST /api/listings/import': 'listings:write',
  'GET /api/listings/import/template.csv': 'listings:read',
  // Buyer groups and their prices (issue 25 item 1, decision 240): a price list is part of selling
  // the lots; the buyer's own prices are read by any member who may buy.
  'GET /api/buyer-groups': 'listings:read',
  'POST /api/buyer-groups': 'listings:write',
  'PUT /api/buyer-groups/:id': 'listings:write',
  'DELETE /api/buyer-groups/:id': 'listings:write',
  'PUT /api/buyer-groups/:id/prices': 'listings:write',
  'GET /api/buyer-groups/buyers': 'listings:write',
  'GET /api/buyer-prices': null,
  'GET /api/buyer-prices/private-lots': null,
};

/** A route's key in the table: "METHOD /api/path". */
export const routeKey = (route: Pick<RouteDef, 'method' | 'url' | 'absolute'>) =>
  `${route.method} ${fullPath(route)}`;

/** The permission a route needs of the caller's role, for a company trading on `side`. */
export function permissionFor(needed: RoutePermission, side: 'buyer' | 'seller'): Permission | null {
  if (needed === null || typeof needed === 'string') return needed;
  return needed[side];
}
