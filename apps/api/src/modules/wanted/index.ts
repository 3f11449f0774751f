// What other parts may use of wanted posts: the operator command runs the daily alert on demand.
export { sendWantedAlerts, type WantedAlertRun } from './alerts.ts';
