import { JsonStorage, type JsonStorageOptions } from './jsonFile/jsonStorage';
import type { Notes, Storage } from './types';

export type { Notes, Storage } from './types';
export { DatabaseFileError } from './jsonFile/files';

/**
 * The storage the server runs on: PostgreSQL when a database URL is given, the db.json engine over
 * `file` otherwise. The PostgreSQL client is loaded only when it is used.
 */
export const openStorage = async (
    options: JsonStorageOptions & { databaseUrl?: string },
): Promise<Storage & { notes: Notes }> => {
    if (!options.databaseUrl) return JsonStorage.open(options);
    const { PgStorage } = await import('./postgres/pgStorage');
    return PgStorage.open({ url: options.databaseUrl, poolSize: options.poolSize, log: options.log });
};
