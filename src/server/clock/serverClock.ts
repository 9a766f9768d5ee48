import type { Clock } from '../../domain/time';
import type { Notes } from '../storage/types';
import {
    ClockStartError,
    clockNoteOf,
    describeOffset,
    isPublicUrl,
    movedOnPublicUrl,
    offsetTo,
    type ClockNote,
    type ClockStart,
} from './setting';

/*
 * The server's one clock, as a start settles it: real time moved by the offset the database's notes
 * hold, so that every process on the database reads the same time. A start with CLOCK_START sets the
 * offset (refused when it would put the clock before what the data already records: records would then
 * be made before records they follow), `off` removes it. On PostgreSQL, where several processes share
 * the database, each process also reads the note again every few seconds, so that a process started
 * with another CLOCK_START moves the clock of those already running too.
 */

/** The note's name among the database's notes. */
const noteName = 'clock';

/** Clocks moved from real time, with how far they are now (the health check tells it). */
const offsets = new WeakMap<Clock, () => number>();

/** How far a clock is moved from real time (0 for real time, or a clock that is not the server's). */
export const clockOffsetOf = (clock: Clock): number => offsets.get(clock)?.() ?? 0;

/** The time by a database's notes, before the server's clock is settled: real time moved by the clock's note. */
export const timeByNotes = (read: (name: string) => unknown, base: Clock): Date =>
    new Date(base().getTime() + (clockNoteOf(read(noteName))?.offsetMs ?? 0));

export interface ServerClock {
    /** The clock every rule, job, lease and record time reads. */
    clock: Clock;
    /** Stops reading the note again (before the database is closed). */
    stop: () => void;
}

interface SettleOptions {
    notes: Notes;
    /** CLOCK_START as read, or undefined when unset. */
    start: ClockStart | undefined;
    /** Real time: the machine's, or a test's. */
    base: Clock;
    log: Pick<Console, 'info' | 'warn'>;
    /** How often the note is read again (PostgreSQL); never when undefined. */
    rereadEveryMs?: number;
    /** PUBLIC_URL: on a public address the clock is never moved. */
    publicUrl?: string;
}

const readNote = async (notes: Notes) => clockNoteOf(await notes.read(noteName));

/** Sets, keeps or removes the clock's note as CLOCK_START asks; answers the note the clock then runs by. */
const settleNote = async (
    { notes, start, base, log }: SettleOptions,
    note: ClockNote | undefined,
): Promise<ClockNote | undefined> => {
    if (!start) return note;
    if (start.kind === 'off') {
        if (!note) {
            log.info('CLOCK_START=off: the clock already runs on real time.');
            return undefined;
        }
        await notes.write(noteName, undefined);
        const latest = await notes.latestRecorded();
        const back =
            latest && Date.parse(latest) > base().getTime() ? `, before records the data holds up to ${latest}` : '';
        log.warn(`CLOCK_START=off: the clock goes back to real time (it was ${describeOffset(note.offsetMs)})${back}.`);
        return undefined;
    }
    const clockStart = start.at.toISOString();
    // The same setting as the note's (left in the environment across restarts) keeps the clock running on.
    if (note?.clockStart === clockStart) return note;
    const latest = await notes.latestRecorded();
    if (latest && start.at.getTime() < Date.parse(latest))
        throw new ClockStartError(
            `CLOCK_START=${clockStart} is before ${latest}, the latest time the database records something at: the clock never moves back over its data. Start with a later CLOCK_START, or CLOCK_START=off to return to real time.`,
        );
    const set: ClockNote = { offsetMs: offsetTo(start.at, base().getTime()), clockStart, setAt: base().toISOString() };
    await notes.write(noteName, set);
    return set;
};

/** Settles the clock from CLOCK_START and the database's note, saying in one line how it runs. */
export const settleClock = async (options: SettleOptions): Promise<ServerClock> => {
    const { notes, base, log, rereadEveryMs } = options;
    const found = await readNote(notes);
    if (found && isPublicUrl(options.publicUrl) && options.start?.kind !== 'off')
        throw new ClockStartError(movedOnPublicUrl(options.publicUrl, found.clockStart));
    const note = await settleNote(options, found);
    let offset = note?.offsetMs ?? 0;
    const clock: Clock = () => new Date(base().getTime() + offset);
    offsets.set(clock, () => offset);
    if (note)
        log.info(
            `The clock is moved: it reads ${clock().toISOString()} (${describeOffset(offset)}, CLOCK_START=${note.clockStart}) for every server on this database, until a start with another CLOCK_START (off: real time).`,
        );
    if (!rereadEveryMs) return { clock, stop: () => undefined };
    let reading = false;
    /** A moved clock this server on a public address was told of and stays off. */
    let ignored: number | undefined;
    const timer = setInterval(() => {
        if (reading) return;
        reading = true;
        readNote(notes)
            .then(current => {
                const next = current?.offsetMs ?? 0;
                if (next === offset || ignored === next) return;
                // A server on a public address stays on real time, whatever another process's start did.
                if (next !== 0 && isPublicUrl(options.publicUrl)) {
                    ignored = next;
                    log.warn(
                        movedOnPublicUrl(options.publicUrl, current?.clockStart ?? '') +
                            ' This server keeps real time.',
                    );
                    return;
                }
                offset = next;
                log.info(
                    `Another server's start moved the clock: it reads ${clock().toISOString()} (${next ? describeOffset(next) : 'real time'}).`,
                );
            })
            // A database that does not answer keeps the clock as it was; the health check says so.
            .catch(() => undefined)
            .finally(() => (reading = false));
    }, rereadEveryMs);
    timer.unref();
    return { clock, stop: () => clearInterval(timer) };
};
