import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { EventHub } from './event-hub.ts';
import { createNotificationWorker } from './notifications.ts';

// Messaging's background parts live exactly as long as the app: the change-feed listener and the
// e-mail worker start when the app is ready (so a test's first message is already heard) and stop
// when it closes; open streams are ended first so closing does not wait for them.

const hubs = new WeakMap<AppContext, EventHub>();

/** The stream hub of this app instance. */
export function eventHubOf(ctx: AppContext): EventHub {
  const hub = hubs.get(ctx);
  if (!hub) throw new Error('startMessaging was not called for this app');
  return hub;
}

export function startMessaging(app: FastifyInstance): void {
  const hub = new EventHub(app.ctx);
  const worker = createNotificationWorker(app.ctx);
  hubs.set(app.ctx, hub);
  app.addHook('onReady', async () => {
    await hub.start();
    worker.start();
  });
  app.addHook('preClose', async () => hub.endStreams());
  app.addHook('onClose', async () => {
    await worker.stop();
    await hub.stop();
  });
}
