export * from './messages.ts';
export * from './common.ts';
export * from './user.ts';
export * from './auth.ts';
export * from './project.ts';
export * from './subscription.ts';
export * from './dev.ts';
export * from './permissions.ts';
