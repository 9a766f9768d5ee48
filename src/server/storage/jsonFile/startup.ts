import { crc32 } from 'node:zlib';
import { upgradeDatabase } from '../../../domain/upgrades';
import { alreadyChecked, rememberChecked } from './checked';
import { checkedState, DatabaseFileError, fileProblem, parseDatabaseText, readDatabaseBytes } from './files';
import { JournalError, readJournal } from './journal';
import { replayOnto, type FileState, type Operation } from './memory';
import { noteIn } from '../notes';

/*
 * What the db.json engine starts from: the database file with the journal a crash left replayed onto it,
 * records of an earlier shape brought to the present one, and the whole checked, unless this server
 * wrote that very file itself after checking it.
 */

/** The state to start with, and whether it differs from the file (then the file is written again). */
/**
 * Frees the leases the file holds: one process at a time has the file, so they were taken by a process
 * that is gone (a crash left them, or a copy of a PostgreSQL database), and what they held (a queued
 * message, a job) is free again at once. Done before db.json is written at start, so that the start
 * leaves an empty journal. Answers how many it freed.
 */
const freeLeftLeases = (values: Record<string, unknown>): number => {
    let freed = 0;
    for (const name of ['messages', 'jobs']) {
        const records = values[name];
        if (!Array.isArray(records)) continue;
        values[name] = records.map((record: { leaseUntil?: unknown } | null) => {
            if (!record?.leaseUntil) return record;
            freed++;
            return { ...record, leaseUntil: null };
        });
    }
    return freed;
};

export const startingState = (
    file: string,
    log: Pick<Console, 'info'>,
    /** The time by the database's notes (a moved clock): what records brought up to date are stamped with. */
    timeByNotes: (read: (name: string) => unknown) => Date = () => new Date(),
): { state: FileState; differsFromFile: boolean } => {
    const bytes = readDatabaseBytes(file);
    const checked = alreadyChecked(file, bytes);
    const state = parseDatabaseText(file, bytes.toString('utf8'));
    const journalFile = `${file}.journal`;
    let replayed = { operations: [] as Operation[], transactions: 0, tornLine: false };
    try {
        replayed = readJournal(journalFile);
    } catch (error) {
        if (error instanceof JournalError) throw new DatabaseFileError(error.message);
        throw fileProblem(error, journalFile, 'read the journal');
    }
    replayOnto(state, replayed.operations);
    const upgraded = upgradeDatabase(state.values, timeByNotes(noteIn(state.values)));
    const freed = freeLeftLeases(state.values);
    // Journal lines are the server's own checked writes, guarded by their checksums.
    if (!checked) checkedState(file, state);
    if (!checked && !replayed.transactions && !upgraded) rememberChecked(file, bytes.length, crc32(bytes));
    if (replayed.transactions) {
        log.info(
            `Replayed ${replayed.transactions} journaled writes onto ${file}${replayed.tornLine ? ' (an incomplete last line, never acknowledged, was left out)' : ''}.`,
        );
    }
    if (upgraded)
        log.info(
            `Brought ${upgraded} records of ${file} written by an earlier version to the current shape (such as a teacher's pay rule becoming their first dated rate, a phone as typed becoming E.164, or a payment link without a purpose a sale).`,
        );
    return { state, differsFromFile: replayed.transactions > 0 || upgraded > 0 || freed > 0 };
};
