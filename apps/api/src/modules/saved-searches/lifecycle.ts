import type { FastifyInstance } from 'fastify';
import { createAlertWorker } from './alerts.ts';

// The alert worker lives exactly as long as the app: it starts when the app is ready and stops,
// letting a run under way finish, when it closes.
export function startSavedSearchAlerts(app: FastifyInstance): void {
  const worker = createAlertWorker(app.ctx);
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());
}
