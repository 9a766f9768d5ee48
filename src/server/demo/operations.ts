import { collectionNames } from '../../domain/collections';
import { demoFingerprint, moveByWeeks, weeksToMove, type DemoNote } from '../../domain/demoWeeks';
import { studioToday, weekStart, type Clock } from '../../domain/time';
import { studioConfig } from '../rules/studio';
import type { Notes, Row, Storage } from '../storage/types';

/*
 * The demo kept current: the committed db.json is the demo made for a fixed day, and the first start over
 * it as the seed wrote it moves every date by whole weeks to the week the server's clock is in, so that a
 * newcomer finds classes to book this week and links still to pay. A database anyone has changed since
 * is never moved: the seed's note holds a fingerprint of its records, compared once.
 */

/** The note's name among the database's notes. */
export const demoNoteName = 'demo';

const isDemoNote = (value: unknown): value is DemoNote =>
    !!value &&
    typeof value === 'object' &&
    typeof (value as DemoNote).madeFor === 'string' &&
    typeof (value as DemoNote).fingerprint === 'string';

/**
 * Moves the untouched demo to this week, once, in one transaction; says so in one line. Answers the weeks
 * it moved it by (0: nothing moved). Runs at a start, before the jobs, on the storage without an audit
 * trail: nobody changed the studio's records, the calendar did.
 */
export const moveDemoToThisWeek = async (
    storage: Storage,
    notes: Notes,
    clock: Clock,
    log: Pick<Console, 'info'>,
): Promise<number> => {
    const note = await notes.read(demoNoteName);
    if (!isDemoNote(note) || note.movedBy !== undefined || note.touched) return 0;
    const config = await studioConfig(storage);
    const today = studioToday(config.timezone, clock());
    const weeks = weeksToMove(note.madeFor, today);
    if (weeks <= 0) return 0;
    const values: Record<string, Row[]> = {};
    for (const name of collectionNames) values[name] = await storage.select(name, {});
    if (demoFingerprint(values) !== note.fingerprint) {
        await notes.write(demoNoteName, { ...note, touched: true } satisfies DemoNote);
        log.info(`The demo has been changed since it was made for ${note.madeFor}: it keeps its dates.`);
        return 0;
    }
    const moved: Record<string, unknown> = { ...values };
    moveByWeeks(moved, weeks, config.timezone);
    await storage.transaction(async tx => {
        for (const name of collectionNames)
            for (const record of moved[name] as Row[]) await tx.update(name, record as never);
    });
    await notes.write(demoNoteName, { ...note, movedBy: weeks } satisfies DemoNote);
    log.info(
        `The demo, made for the week of ${weekStart(note.madeFor)}, was moved ${weeks} weeks ahead to this week (${weekStart(today)}).`,
    );
    return weeks;
};
