export * from './audit.ts';
export * from './auth.ts';
export * from './licenses.ts';
export * from './listings.ts';
export * from './mail.ts';
export * from './messages.ts';
export * from './profile-changes.ts';
export * from './users.ts';
