/*
 * The collections' declarations, where the rest of the code has always found them: each collection's
 * module is in collections/, and collections/index.ts gathers them.
 */
export * from './collections/index';
