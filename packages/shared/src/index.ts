export * from './constants.ts';
export * from './messages.ts';
export * from './schemas/auth.ts';
export * from './schemas/fields.ts';
export * from './schemas/profile.ts';
export * from './types.ts';
