import { freezePass, unfreezePass } from '../../domain/freezes';
import type * as Api from '../../domain/api/portal';
import type { Identifier, Pass, PaymentLink, StoredCustomer } from '../../domain/types';
import { conflict, notFound, ruleRefusal } from '../http/errors';
import { afterFreeze, bookSeat, cancelBooking, insertBooking } from '../bookings';
import { followPassFreeze } from '../rules/membershipPeriods';
import { dueOn } from '../money';
import { portalPaymentLink } from '../payments';
import type { Reader, Transaction } from '../storage/types';
import { familyOf } from './family';
import { portalBookings } from './views';

/*
 * What a customer does in the portal, each a transaction with a name, through the same rules as the
 * desk's (booking, cancelling, freezing, payment links), with what a customer may not do refused.
 * `me` is the signed-in customer; what they act on is theirs or a ward's, or a 404.
 */

const applied = <T>(rule: () => T): T => {
    try {
        return rule();
    } catch (error) {
        throw ruleRefusal(error);
    }
};

/** Their language and how they are told things. */
export const updateProfile = async (
    tx: Transaction,
    me: StoredCustomer,
    input: Partial<Pick<StoredCustomer, 'locale' | 'notify'>>,
): Promise<StoredCustomer> => {
    const stored = ((await tx.get('customers', me.id)) as StoredCustomer | undefined) ?? me;
    return (await tx.update('customers', { ...stored, ...input } as StoredCustomer)) as StoredCustomer;
};

/** A new address for their calendar feed: the old one stops working. */
export const renewCalendarToken = async (tx: Transaction, customerId: Identifier, token: string) => {
    const stored = (await tx.get('customers', customerId)) as StoredCustomer;
    await tx.update('customers', { ...stored, calendarToken: token } as StoredCustomer);
};

/** A seat (or a place in line) in a class for `customerId`, by the desk's rules. */
export const bookClass = async (
    tx: Transaction,
    input: { eventId: Identifier; waitlist?: boolean },
    customerId: Identifier,
    now: Date,
) => insertBooking(tx, await bookSeat(tx, { ...input, customerId }, null, now));

/** A booking of the family cancelled (late, with its penalty, as at the desk). */
export const cancelFamilyBooking = async (tx: Transaction, me: Identifier, bookingId: Identifier, now: Date) => {
    const found = await tx.get('bookings', bookingId);
    if (!found || !(await familyOf(tx, me)).includes(found.customerId))
        throw notFound(`bookings ${bookingId} does not exist`);
    return cancelBooking(tx, bookingId, null, now);
};

/** The family's pass `passId`, or a 404. */
export const familyPass = async (reader: Reader, me: Identifier, passId: Identifier): Promise<Pass> => {
    const pass = await reader.get('passes', passId);
    if (!pass || !(await familyOf(reader, me)).includes(pass.customerId)) throw notFound('No such pass');
    return pass;
};

/**
 * A pause of a pass from `from` to `to`, giving up the seats it pays inside the pause (never late); a
 * `dryRun` answers what it would do and changes nothing.
 */
export const pausePass = async (
    tx: Transaction,
    me: Identifier,
    passId: Identifier,
    { from, to, dryRun }: { from: string; to: string; dryRun?: boolean },
    now: Date,
): Promise<{ pass: Pass; cancelled: Api.PortalBooking[] }> => {
    const pass = await familyPass(tx, me, passId);
    const plan = await tx.get('subscriptions', pass.subscriptionId);
    const frozen = { ...pass, ...applied(() => freezePass(pass, plan?.freezeDays ?? 0, from, to)) };
    const held = (await tx.select('bookings', { passId: pass.id })).filter(
        booking => booking.status === 'booked' && booking.attendanceId === null,
    );
    const events = await tx.getMany(
        'events',
        held.map(booking => booking.eventId),
    );
    const inside = held.filter(booking => {
        const date = events.find(event => event.id === booking.eventId)?.startsAt.slice(0, 10);
        return !!date && date >= from && date <= to;
    });
    const cancelled = await portalBookings(tx, inside, now);
    if (dryRun) return { pass: frozen, cancelled };
    const stored = await tx.update('passes', frozen);
    await followPassFreeze(tx, pass, stored);
    await afterFreeze(tx, stored, now);
    return { pass: stored, cancelled };
};

/** A pause ended on `day` (or called off before it starts). */
export const resumePass = async (tx: Transaction, me: Identifier, passId: Identifier, day: string, now: Date) => {
    const found = await familyPass(tx, me, passId);
    const stored = await tx.update('passes', { ...found, ...applied(() => unfreezePass(found, day)) });
    await followPassFreeze(tx, found, stored);
    await afterFreeze(tx, stored, now);
    return stored;
};

const linkRecord = {
    id: '',
    subscriptionId: null,
    passId: null,
    amount: null,
    description: null,
};

/** A payment link for a plan sold online: the one already waiting for it, or a new one (`made`). */
export const linkForPlan = (tx: Transaction, customerId: Identifier, planId: Identifier, now: Date) =>
    portalPaymentLink(tx, { ...linkRecord, customerId, purpose: 'sale', subscriptionId: planId }, now);

/** A payment link for the rest of a family pass, or a family penalty's fee: waiting, or new (`made`). */
export const linkToPay = async (
    tx: Transaction,
    me: Identifier,
    what: { passId: Identifier } | { penaltyId: Identifier },
    now: Date,
): Promise<{ link: PaymentLink; made: boolean }> => {
    if ('penaltyId' in what) {
        const penalty = await tx.get('penalties', what.penaltyId);
        if (!penalty || !(await familyOf(tx, me)).includes(penalty.customerId)) throw notFound('No such penalty');
        return portalPaymentLink(
            tx,
            { ...linkRecord, customerId: penalty.customerId, purpose: 'fee', penaltyId: penalty.id },
            now,
        );
    }
    const pass = await familyPass(tx, me, what.passId);
    if ((await dueOn(tx, pass)) <= 0)
        throw conflict('Nothing is due on this pass', { amount: 'app.portal.nothing_due' });
    return portalPaymentLink(
        tx,
        { ...linkRecord, customerId: pass.customerId, purpose: 'balance', passId: pass.id },
        now,
    );
};
