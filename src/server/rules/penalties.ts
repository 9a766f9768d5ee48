import { addMinutes } from '../../domain/closing';
import { appliesAtOf, isFirstOffence, penaltyRuleOf } from '../../domain/penalties';
import { instantAt, localDateTimeAt } from '../../domain/time';
import type { Booking, Pass, Penalty, StudioEvent, Subscription } from '../../domain/types';
import { classFacts, queueMessage } from '../messages/outbox';
import type { Transaction } from '../storage/types';
import { studioConfig } from './studio';
import type { WriteRules } from './types';

/*
 * Penalties of the attendance policy: made by the server when a seat on a plan with a penalty is
 * cancelled late (and, next, when a class closes with a no-show), the customer's first offence in 30 days
 * forgiven and every one told; applied by the job runner at appliesAt unless staff waived it before
 * (routes/penalties.ts). Never written through the API.
 */

export const penaltyRules: WriteRules = {
    refused: {
        create: 'Penalties are made by the server when a seat is cancelled late or missed',
        update: 'A penalty is never edited: waive a pending one with POST /api/penalties/:id/waive',
        delete: 'Penalties are kept as the account of what each offence cost',
    },
};

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
    const earlier = await tx.select('penalties', { customerId: booking.customerId });
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
