export * from './users.ts';
export * from './auth.ts';
export * from './uploads.ts';
export * from './support.ts';
export * from './generation.ts';
export * from './workspace.ts';
export * from './community.ts';
export * from './billing.ts';
