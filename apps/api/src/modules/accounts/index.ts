// What other features may use of accounts; everything else in this folder is its own business.
export {
  decidePendingChange,
  findPendingChange,
  presentPendingChange,
  usersWithPendingChange,
} from './pending-profile-changes.ts';
export { presentUser } from './presenter.ts';
export { findUserByEmail, findUserById } from './service.ts';
