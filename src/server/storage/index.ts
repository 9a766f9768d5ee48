import { JsonStorage, type JsonStorageOptions } from './jsonStorage';
import type { Storage } from './types';

export type { Storage } from './types';
export { DatabaseFileError } from './files';

/** The storage the server runs on: the db.json engine over `file`. */
export const openStorage = (options: JsonStorageOptions): Promise<Storage> => JsonStorage.open(options);
