import type { FastifyInstance } from 'fastify';
import { runWithApp } from '../../lib/periodic-task.ts';
import { createWantedAlertWorker } from './alerts.ts';

// The wanted-post alert worker lives exactly as long as the app, as the saved-search one does.
export function startWantedAlerts(app: FastifyInstance): void {
  runWithApp(app, createWantedAlertWorker(app.ctx));
}
