import type { Database } from '../../src/domain/types';
import { parseDatabaseText, readDatabaseText } from '../../src/server/storage/jsonFile/files';
import { readJournal } from '../../src/server/storage/jsonFile/journal';
import { replayOnto } from '../../src/server/storage/jsonFile/memory';

/** What a restart would load: db.json with the journal's acknowledged writes laid over it, read without the server's help. */
export const durableDatabase = (dbFile: string): Database => {
    const state = parseDatabaseText(dbFile, readDatabaseText(dbFile));
    replayOnto(state, readJournal(`${dbFile}.journal`).operations);
    return state.values as unknown as Database;
};
