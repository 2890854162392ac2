export * from './auth';
export * from './common';
export * from './constants';
export * from './errors';
export * from './events';
export * from './user';
