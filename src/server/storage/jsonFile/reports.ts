import { incomeBetween, incomeShares, type Period } from '../../../domain/income';
import { earnedPrice, earnedShares } from '../../../domain/earned';
import { passMoney } from '../../../domain/money';
import { isActiveOn, visitsLeft } from '../../../domain/passes';
import type { Identifier } from '../../../domain/types';
import { startsWithin, type Reader, type Reports } from '../types';

/*
 * The Reports of an engine that holds its records at hand (db.json, in memory): the records a report
 * needs are read through the storage boundary, by its indexes, and summed by the domain's rules.
 */

const dayMs = 86_400_000;

const byId = <T extends { id: Identifier }>(records: T[]) => new Map(records.map(record => [record.id, record]));

/**
 * The payments made in [start, end). paidAt is compared as text and an instant may be written with or
 * without seconds, so the storage is asked for a day more on each side and the cut is made here.
 */
const paymentsBetween = async (reader: Reader, start: string, end: string) => {
    const [from, to] = [Date.parse(start), Date.parse(end)];
    const payments = await reader.select('payments', [
        { field: 'paidAt', kind: 'gte', value: new Date(from - dayMs).toISOString() },
        { field: 'paidAt', kind: 'lte', value: new Date(to + dayMs).toISOString() },
    ]);
    return payments.filter(payment => Date.parse(payment.paidAt) >= from && Date.parse(payment.paidAt) < to);
};

/** The passes records name, each once: a loop, as a year of visits is too many for an array per record. */
const passIdsOf = (records: { passId?: Identifier | null }[]): Identifier[] => {
    const ids = new Set<Identifier>();
    for (const record of records) if (record.passId != null) ids.add(record.passId);
    return [...ids];
};

export const readerReports = (reader: Reader): Reports => ({
    async incomeBetween(boundaries) {
        return incomeBetween(
            await paymentsBetween(reader, boundaries[0], boundaries[boundaries.length - 1]),
            boundaries,
        );
    },

    async incomeShares(start, end) {
        const payments = await paymentsBetween(reader, start, end);
        return incomeShares(payments, byId(await reader.getMany('passes', passIdsOf(payments))));
    },

    /**
     * Only visits inside the period count, so the marks of the period's classes are enough; the passes
     * are those they charged, and the unlimited ones valid on some day of the period, which earn their
     * daily share even on days nobody came.
     */
    async earned(period: Period) {
        const events = await reader.select('events', startsWithin(period.from, period.to));
        const attendances = await reader.select('attendances', { eventId: events.map(event => event.id) });
        const passes = byId(await reader.getMany('passes', passIdsOf(attendances)));
        const unlimited = await reader.select('passes', [
            { field: 'visitsTotal', kind: 'equals', values: [null] },
            { field: 'endsOn', kind: 'gte', value: period.from },
        ]);
        // A pass both charged and unlimited is one pass: counted twice, it would earn its days twice.
        for (const pass of unlimited) if (pass.startsOn <= period.to) passes.set(pass.id, pass);
        const courses = byId(await reader.select('courses'));
        // What each pass earns: its price less its refunds; a membership's held pass, not paid yet, nothing.
        const ledger = passes.size ? await reader.select('payments', { passId: [...passes.keys()] }) : [];
        const byPass = new Map<Identifier | null | undefined, typeof ledger>();
        for (const entry of ledger) {
            const own = byPass.get(entry.passId);
            if (own) own.push(entry);
            else byPass.set(entry.passId, [entry]);
        }
        const priced = [...passes.values()].map(pass => ({
            ...pass,
            price: pass.held ? 0 : earnedPrice(pass.price, passMoney(byPass.get(pass.id) ?? [], pass.id).refunded),
        }));
        return earnedShares({ attendances, events: byId(events), courses, passes: priced }, period);
    },

    async marks(period, statuses) {
        const events = await reader.select('events', startsWithin(period.from, period.to));
        return reader.count('attendances', { eventId: events.map(event => event.id), status: statuses });
    },

    async activePasses(date, { endingBy, visitsLeft: fewVisits, limit }) {
        // A pass that ended before the date cannot be active.
        const active = (await reader.select('passes', [{ field: 'endsOn', kind: 'gte', value: date }])).filter(pass =>
            isActiveOn(pass, date),
        );
        const runningOut = active
            .filter(
                pass => pass.endsOn <= endingBy || (pass.visitsTotal !== null && (visitsLeft(pass) ?? 0) <= fewVisits),
            )
            .sort((a, b) => a.endsOn.localeCompare(b.endsOn) || a.id - b.id);
        return { active: active.length, runningOut: runningOut.length, firstRunningOut: runningOut.slice(0, limit) };
    },
});
