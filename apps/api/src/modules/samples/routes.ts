import { SAMPLES, sampleContracts } from '@canopy/shared';
import { paginated } from '../../http/pagination.ts';
import { route } from '../../http/route-table.ts';
import { presentOrder } from '../deals/index.ts';
import { presentSample } from './presenter.ts';
import { listSamples, visibleSample } from './read-model.ts';
import { approveSample, declineSample, requestSample } from './requests.ts';

// Issue 25 item 3's wire contract: thin routes over requests.ts; shapes are in @canopy/shared.

/** A note of at most 500 characters: 8 kB is far more than any honest body. */
const SAMPLE_BODY_LIMIT = 8 * 1024;

export const sampleRoutes = [
  route({
    ...sampleContracts.request,
    access: 'buyer',
    bodyLimit: SAMPLE_BODY_LIMIT,
    rateLimitPerMinute: 30,
    rateLimitBy: 'session',
  }).handle(async ({ body, reply, ctx, auth }) => {
    const id = await requestSample(ctx, auth, body);
    reply.status(201);
    const sample = await visibleSample(ctx.database.db, auth.user, id);
    return { success: true, message: SAMPLES.requested, data: presentSample(sample) };
  }),
  route({ ...sampleContracts.list, access: 'verified' }).handle(async ({ query, ctx, auth }) => {
    const { rows, total } = await listSamples(ctx.database.db, auth.user, query);
    return paginated(rows.map(presentSample), query, total);
  }),
  // Answering is the sample's policy (only its seller), as for offers.
  route({ ...sampleContracts.approve, access: 'verified' }).handle(async ({ params: { id }, ctx, auth }) => {
    const order = await approveSample(ctx, auth, id);
    const sample = await visibleSample(ctx.database.db, auth.user, id);
    return {
      success: true,
      message: SAMPLES.approved,
      data: { sample: presentSample(sample), order: presentOrder(order) },
    };
  }),
  route({ ...sampleContracts.decline, access: 'verified', bodyLimit: SAMPLE_BODY_LIMIT }).handle(
    async ({ params: { id }, body, ctx, auth }) => {
      await declineSample(ctx, auth, id, body);
      const sample = await visibleSample(ctx.database.db, auth.user, id);
      return { success: true, message: SAMPLES.declined, data: presentSample(sample) };
    },
  ),
];
