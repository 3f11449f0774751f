import { ADMIN, adminContracts, LISTING_MODERATION, REVIEW } from '@canopy/shared';
import { paginated } from '../../http/pagination.ts';
import { route } from '../../http/route-table.ts';
import { notFound } from '../../lib/errors.ts';
import { decidePendingChange, findUserById, presentUser } from '../accounts/index.ts';
import { auditCsv, auditRowsForExport, listAuditEntries, presentAuditEntry } from '../audit/index.ts';
import { listingPreview } from './listing-preview.ts';
import { answerReviewRequest, listOpenReviewRequests } from './listing-reviews.ts';
import { deleteListing, listAllListings, toggledMessage, toggleListing } from './listings.ts';
import { changeUserStatus, listUsers } from './service.ts';
import { adminStats } from './stats.ts';
import { userReview } from './user-review.ts';

export const adminRoutes = [
  route({
    ...adminContracts.listUsers,
    access: 'admin',
  }).handle(async ({ query, ctx }) => {
    const { rows, total } = await listUsers(ctx, query);
    return paginated(
      rows.map(({ row, ...review }) => ({ ...presentUser(row), ...review })),
      query,
      total,
    );
  }),
  route({
    ...adminContracts.changeUserStatus,
    access: 'admin',
  }).handle(async ({ params: { id }, body: { status, reason }, ctx, auth }) => {
    const user = await changeUserStatus(ctx, auth.user, id, status, reason);
    return { success: true, message: ADMIN.statusUpdated(status), data: presentUser(user) };
  }),
  // User details: the account, the registry's verdict on its license and a pending change.
  route({
    ...adminContracts.userReview,
    access: 'admin',
  }).handle(async ({ params: { id }, ctx }) => {
    const user = await findUserById(ctx.database.db, id);
    if (!user) throw notFound(ADMIN.userNotFound);
    return { success: true, data: await userReview(ctx.database.db, user) };
  }),
  route({
    ...adminContracts.approveProfileChange,
    access: 'admin',
  }).handle(async ({ params: { id }, body: { reason }, ctx, auth }) => {
    await decidePendingChange(ctx, true, { admin: auth.user, userId: id, reason });
    return { success: true, message: REVIEW.changeApproved };
  }),
  route({
    ...adminContracts.rejectProfileChange,
    access: 'admin',
  }).handle(async ({ params: { id }, body: { reason }, ctx, auth }) => {
    await decidePendingChange(ctx, false, { admin: auth.user, userId: id, reason });
    return { success: true, message: REVIEW.changeRejected };
  }),
  route({
    ...adminContracts.audit,
    access: 'admin',
  }).handle(async ({ query, ctx }) => {
    const { rows, total } = await listAuditEntries(ctx.database.db, query.page, query.limit, query);
    return paginated(rows.map(presentAuditEntry), query, total);
  }),
  // The filtered trail as a spreadsheet (newest first), for records kept outside Canopy.
  route({
    ...adminContracts.auditExport,
    access: 'admin',
  }).handle(async ({ query, reply, ctx }) => {
    const csv = auditCsv(await auditRowsForExport(ctx.database.db, query));
    const stamp = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="canopy-audit-${stamp}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(csv);
  }),
  route({
    ...adminContracts.stats,
    access: 'admin',
  }).handle(async ({ ctx }) => ({ success: true, data: await adminStats(ctx.database.db) })),
  route({
    ...adminContracts.listListings,
    access: 'admin',
  }).handle(async ({ query, ctx }) => {
    const { data, total } = await listAllListings(ctx, query);
    return paginated(data, query, total);
  }),
  route({
    ...adminContracts.toggleListing,
    access: 'admin',
    // SPEC sends no body; decision 076 makes the reason required.
  }).handle(async ({ params: { id }, body: { reason }, ctx, auth }) => {
    const isActive = await toggleListing(ctx, auth.user, id, reason);
    return {
      success: true,
      message: toggledMessage(isActive),
      data: { _id: id, is_active: isActive },
    };
  }),
  route({
    ...adminContracts.deleteListing,
    access: 'admin',
  }).handle(async ({ params: { id }, body: { reason }, ctx, auth }) => {
    await deleteListing(ctx, auth.user, id, reason);
    return { success: true, message: ADMIN.listingDeleted };
  }),
  // The read-only preview before acting (decision 077).
  route({
    ...adminContracts.listingPreview,
    access: 'admin',
  }).handle(async ({ params: { id }, ctx }) => ({
    success: true,
    data: await listingPreview(ctx, id),
  })),
  route({
    ...adminContracts.listingReviews,
    access: 'admin',
  }).handle(async ({ query, ctx }) => {
    const { data, total } = await listOpenReviewRequests(ctx.database.db, query.page, query.limit);
    return paginated(data, query, total);
  }),
  route({
    ...adminContracts.answerListingReview,
    access: 'admin',
  }).handle(async ({ params: { id }, body: { decision, reason }, ctx, auth }) => {
    const { listingId } = await answerReviewRequest(ctx, auth.user, id, decision, reason);
    return {
      success: true,
      message: decision === 'restore' ? LISTING_MODERATION.restored : LISTING_MODERATION.keptHidden,
      data: { _id: id, listingId, decision },
    };
  }),
];
