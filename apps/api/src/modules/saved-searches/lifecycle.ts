import type { FastifyInstance } from 'fastify';
import { runWithApp } from '../../lib/periodic-task.ts';
import { createAlertWorker } from './alerts.ts';

// The alert worker lives exactly as long as the app: it starts when the app is ready and stops,
// letting a run under way finish, when it closes.
export function startSavedSearchAlerts(app: FastifyInstance): void {
  runWithApp(app, createAlertWorker(app.ctx));
}
