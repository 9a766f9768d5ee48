import { addMinutes } from '../../domain/closing';
import { appliesAtOf, feeOwed, isFirstOffence, penaltyRuleOf } from '../../domain/penalties';
import { instantAt, localDateTimeAt } from '../../domain/time';
import type { Booking, Identifier, Pass, Penalty, StudioEvent, Subscription } from '../../domain/types';
import { classFacts, queueMessage } from '../messages';
import { asJob } from '../http/audit';
import type { Reader, Storage, Transaction } from '../storage/types';
import { chargeOf, settleAttendance } from '../rules/charging';
import { reversePenalty, standing } from './reversal';
import { studioConfig } from '../rules/studio';

/*
 * The penalties' transactions: penalizing a late cancel or a no-show (a first offence in 30 days
 * forgiven), taking back a closed class's no-shows when it is reopened, applying the penalties whose time
 * has come, and what each customer owes in fees.
 */

/**
 * The penalty an offence makes on the plan of the pass that pays the seat, if the plan has one: forgiven
 * when it is the customer's first in 30 days, otherwise pending until the class's end (or now, when
 * later) plus the studio's hours to waive it. The customer is told either way. Answers the penalty.
 */
export const penalize = async (
    tx: Transaction,
    booking: Pick<Booking, 'id' | 'customerId' | 'eventId'>,
    event: StudioEvent,
    pass: Pass | undefined,
    plan: Subscription | undefined,
    offence: Penalty['kind'],
    now: Date,
): Promise<Penalty | undefined> => {
    const rule = penaltyRuleOf(plan, offence);
    if (!rule) return undefined;
    const config = await studioConfig(tx);
    // A reversed penalty was a mistake: it makes no later offence count.
    const earlier = (await tx.select('penalties', { customerId: booking.customerId })).filter(standing);
    const forgiven = isFirstOffence(earlier, now);
    const classEnd = new Date(instantAt(addMinutes(event.startsAt, event.durationMinutes), config.timezone));
    const penalty = (await tx.insert('penalties', {
        customerId: booking.customerId,
        bookingId: booking.id,
        eventId: event.id,
        passId: pass?.id ?? null,
        kind: offence,
        action: rule.action,
        amount: rule.amount,
        status: forgiven ? 'forgiven' : 'pending',
        appliesAt: appliesAtOf(classEnd, now, config.penaltyDelayHours ?? 24),
        decidedBy: null,
        decidedAt: null,
        reason: null,
        attendanceId: null,
        paymentId: null,
    })) as Penalty;
    await queueMessage(tx, {
        customerId: booking.customerId,
        kind: 'penalty',
        dedupeKey: `penalty:${penalty.id}`,
        facts: {
            ...(await classFacts(tx, event)),
            currency: config.currency,
            penalty: {
                forgiven,
                offence,
                fee: rule.amount,
                appliesAt: forgiven ? undefined : localDateTimeAt(penalty.appliesAt, config.timezone),
            },
        },
        now,
    });
    return penalty;
};

/**
 * The statuses the server's marks have, made when a studio's list lacks them:
 * a late cancel's (which charges only through a penalty) and a no-show's.
 */
const shippedStatuses = {
    late_cancel: {
        name: 'attendance' as const,
        code: 'late_cancel',
        labels: { en: 'Late cancel', ru: 'Поздняя отмена' },
        color: '#8D6E63',
        order: 900,
        isDefault: false,
        charges: false,
    },
    missed: {
        name: 'attendance' as const,
        code: 'missed',
        labels: { en: 'Missed', ru: 'Пропуск' },
        color: '#C62828',
        order: 901,
        isDefault: false,
        charges: true,
    },
};

const ensureStatus = async (tx: Transaction, code: keyof typeof shippedStatuses) => {
    const statuses = await tx.select('statuses', { name: 'attendance' });
    if (!statuses.some(status => status.code === code)) await tx.insert('statuses', shippedStatuses[code]);
};

/**
 * A class reopened was not closed after all: its no-show penalties are reversed, and their marks are plain
 * marks again (a burned visit is given back, or charged by the mark's own status when it charges).
 */
export const reverseNoShows = async (tx: Transaction, event: StudioEvent) => {
    for (const penalty of await tx.select('penalties', { eventId: event.id })) {
        if (penalty.kind !== 'no_show' || !(await reversePenalty(tx, penalty.id))) continue;
        const mark = penalty.attendanceId === null ? undefined : await tx.get('attendances', penalty.attendanceId);
        if (!mark || mark.penaltyId !== penalty.id) continue;
        const { penaltyId: _ended, ...plain } = mark;
        await tx.update('attendances', { ...plain, ...(await settleAttendance(tx, plain, chargeOf(mark))) });
    }
};

/**
 * When a class that has ended is closed, each seat still booked with no mark or a `missed` one is a
 * no-show: on a plan with a no-show penalty it makes one (once per booking), and its mark (added as
 * `missed` when there was none) is kept uncharged with the penalty until the penalty applies. A class
 * nobody closed makes none. `atEnd`: the server deciding, at its end, a class closed while it was on,
 * where a booking that ever had a no-show penalty (taken back since, with its mark) is not decided again.
 */
export const penalizeNoShows = async (tx: Transaction, event: StudioEvent, now: Date, atEnd = false) => {
    for (const booking of await tx.select('bookings', { eventId: event.id, status: 'booked' })) {
        const mark = (await tx.select('attendances', { eventId: event.id, customerId: booking.customerId })).at(0);
        if (mark && mark.status !== 'missed') continue;
        const pass = booking.passId === null ? undefined : await tx.get('passes', booking.passId);
        const plan = pass && (await tx.get('subscriptions', pass.subscriptionId));
        if (!penaltyRuleOf(plan, 'no_show')) continue;
        // Once per booking: a reversed one (the class was reopened) no longer stands.
        if (
            (await tx.select('penalties', { bookingId: booking.id })).some(
                penalty => penalty.kind === 'no_show' && (atEnd || standing(penalty)),
            )
        )
            continue;
        const penalty = await penalize(tx, booking, event, pass, plan, 'no_show', now);
        if (!penalty) continue;
        await ensureStatus(tx, 'missed');
        const kept = mark
            ? await tx.update('attendances', { ...mark, penaltyId: penalty.id })
            : await tx.insert('attendances', {
                  eventId: event.id,
                  customerId: booking.customerId,
                  status: 'missed',
                  passId: null,
                  charged: false,
                  unpaid: false,
                  markedBy: null,
                  penaltyId: penalty.id,
              });
        const charge = await settleAttendance(tx, kept, mark ? chargeOf(mark) : null);
        await tx.update('attendances', { ...kept, ...charge });
        if (!mark) await tx.update('bookings', { ...booking, attendanceId: kept.id });
        await tx.update('penalties', { ...penalty, attendanceId: kept.id });
    }
};

/**
 * Applies one pending penalty whose time has come (read again in `tx`: waived meanwhile, it stays so).
 * A visit penalty of a late cancel charges its pass through a `late_cancel` mark of the class, made
 * uncharged and then settled as the penalty's (no pass able to pay it: a debt, like an unpaid visit); a
 * fee is owed from now on. Answers whether it applied one.
 */
const applyPenalty = async (tx: Transaction, id: Penalty['id'], now: Date): Promise<boolean> => {
    const penalty = await tx.get('penalties', id);
    if (!penalty || penalty.status !== 'pending' || penalty.appliesAt > now.toISOString()) return false;
    const applied = (await tx.update('penalties', { ...penalty, status: 'applied' })) as Penalty;
    // A fee is owed from now on: in the customer's balance due, paid at the desk (routes.ts).
    if (penalty.action !== 'visit') return true;
    await ensureStatus(tx, 'late_cancel');
    const mark = (await tx.select('attendances', { eventId: penalty.eventId, customerId: penalty.customerId })).at(0);
    const attendance = mark
        ? await tx.update('attendances', { ...mark, penaltyId: penalty.id })
        : await tx.insert('attendances', {
              eventId: penalty.eventId,
              customerId: penalty.customerId,
              status: 'late_cancel',
              passId: null,
              charged: false,
              unpaid: false,
              markedBy: null,
              penaltyId: penalty.id,
          });
    const charge = await settleAttendance(tx, attendance, mark ? chargeOf(mark) : null);
    await tx.update('attendances', { ...attendance, ...charge });
    if (applied.attendanceId !== attendance.id)
        await tx.update('penalties', { ...applied, attendanceId: attendance.id });
    return true;
};

/** The job runner's look at the penalties: applies those due at `now`, each in a write of its own. Answers how many. */
export const applyDuePenalties = (storage: Storage, now: Date): Promise<number> =>
    asJob('penalties', async () => {
        const due = (await storage.select('penalties', { status: 'pending' })).filter(
            penalty => penalty.appliesAt <= now.toISOString(),
        );
        let applied = 0;
        for (const penalty of due) if (await storage.transaction(tx => applyPenalty(tx, penalty.id, now))) applied++;
        return applied;
    });

/** The fees each of these customers owes, in cents: applied and unpaid (one index read by customerId). */
export const feesOwedBy = async (reader: Reader, customerIds: Identifier[]): Promise<Map<Identifier, number>> => {
    const owed = new Map<Identifier, number>();
    if (!customerIds.length) return owed;
    for (const penalty of await reader.select('penalties', { customerId: customerIds, status: 'applied' }))
        if (feeOwed(penalty))
            owed.set(penalty.customerId, (owed.get(penalty.customerId) ?? 0) + Math.round((penalty.amount ?? 0) * 100));
    return owed;
};
