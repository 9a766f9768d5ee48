export * from './schemas';
export * from './types';
export * from './collections';
export * from './permissions';
export * from './validation';
