// What other parts may use of saved searches: the operator command runs the alerts on demand.
export { type AlertDeps, type AlertRun, sendSavedSearchAlerts } from './alerts.ts';
