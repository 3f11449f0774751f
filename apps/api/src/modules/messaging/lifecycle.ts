import type { FastifyInstance } from 'fastify';
import { EventHub } from './event-hub.ts';
import { createNotificationWorker } from './notifications.ts';

// Messaging's background parts live exactly as long as the app: the change-feed listener and the
// e-mail worker start when the app is ready (so a test's first message is already heard) and stop
// when it closes; open streams are ended first so closing does not wait for them. The stream hub
// is a capability of the app instance (`app.eventHub`): the stream route and the metrics read it.

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's open message streams (decision 022). */
    eventHub: EventHub;
  }
}

export function startMessaging(app: FastifyInstance): void {
  const hub = new EventHub(app.ctx);
  const worker = createNotificationWorker(app.ctx);
  app.decorate('eventHub', hub);
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
