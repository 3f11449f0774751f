// The accounts feature's public face: the screen a signed-in account sees while it cannot use
// Canopy yet (pending, rejected, suspended), shown by the app's protected routes.
export { AccountStatusScreen } from './components/account-status-screen.tsx';
