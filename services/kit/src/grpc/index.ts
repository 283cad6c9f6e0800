export * from './client';
export * from './metadata';
export * from './server';
export * from './status';
export * from './health';
