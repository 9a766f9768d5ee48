import { z } from 'zod';
import { settleVisit, type Charge } from '../../domain/attendance';
import { id, optional } from '../../domain/fields';
import { frozenPassOn, passToCharge, whyNoneCharged, whyNotCharged, type NoChargeReason } from '../../domain/passes';
import type { Attendance, Identifier, Pass, StudioEvent } from '../../domain/types';
import { conflict, invalidFields } from '../http/errors';
import { found } from '../http/requests';
import type { Reader, Transaction } from '../storage/types';
import { passesOpenOn, visitTo } from '../rules/visits';

/*
 * Settling a debt: a visit marked when the customer had no pass to charge stays unpaid until a pass
 * pays for it. Staff settle it once the customer has one (sold, or unfrozen): the visit is charged to
 * the pass they name, or to the one the charging rule picks, in one transaction.
 */

export const settleSchema = z.object({ passId: optional(id) });

/** A refusal naming why the visit stays a debt. */
const stillDebt = (reason: NoChargeReason | 'not_a_debt') =>
    conflict(reason === 'not_a_debt' ? 'The visit is not a debt' : 'No pass can pay for the visit', {
        passId: `app.money.errors.${reason}`,
    });

/**
 * For the roster: the last frozen day of the pass that would pay for the class but for its freeze, for
 * each of `people` who has no pass to charge that day. Staff then see why there is no pass and until when.
 */
export const frozenUntilOn = async (
    reader: Reader,
    event: StudioEvent,
    people: Identifier[],
): Promise<Map<Identifier, string>> => {
    const { date, directionId } = await visitTo(reader, event);
    // Only passes not ended before the class can be frozen on its day.
    const passes = await passesOpenOn(reader, people, date);
    const frozen = new Map<Identifier, string>();
    for (const customerId of people) {
        const own = passes.filter(pass => pass.customerId === customerId);
        const pass = passToCharge(own, date, directionId) ? undefined : frozenPassOn(own, date, directionId);
        if (pass?.frozenTo) frozen.set(customerId, pass.frozenTo);
    }
    return frozen;
};

/** Settles a visit's debt: charged to the pass named, or to the one the charging rule picks. */
export const settleDebt = async (tx: Transaction, attendanceId: string, input: z.output<typeof settleSchema>) => {
    const attendance: Attendance = await found(tx, 'attendances', attendanceId, 'Attendance');
    const event = await tx.get('events', attendance.eventId);
    if (!attendance.unpaid || attendance.charged || !event || event.status === 'cancelled')
        throw stillDebt('not_a_debt');
    const { date, directionId } = await visitTo(tx, event);
    const own = await tx.select('passes', { customerId: attendance.customerId });
    let candidates: Pass[] = own;
    if (input.passId != null) {
        const named = own.find(pass => pass.id === input.passId);
        if (!named) throw invalidFields({ passId: 'app.money.errors.not_customers_pass' });
        const reason = whyNotCharged(named, date, directionId);
        if (reason) throw stillDebt(reason);
        candidates = [named];
    }
    const before: Charge = { passId: attendance.passId, charged: false, unpaid: true };
    const { charge, changes } = settleVisit(
        before,
        { charges: true, eventCancelled: false, date, directionId },
        candidates,
    );
    if (!charge.charged || charge.passId == null) throw stillDebt(whyNoneCharged(own, date, directionId));
    const pass = own.find(candidate => candidate.id === charge.passId) as Pass;
    const delta = changes.filter(change => change.passId === pass.id).reduce((sum, change) => sum + change.delta, 0);
    const charged = await tx.update('passes', { ...pass, visitsUsed: pass.visitsUsed + delta });
    const settled = await tx.update('attendances', { ...attendance, ...charge });
    return { attendance: settled, pass: charged };
};
