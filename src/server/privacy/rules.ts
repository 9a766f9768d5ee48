import { linkStatusAt } from '../../domain/money';
import { isErased, type EraseBlocker } from '../../domain/privacy';
import { localDateTimeAt } from '../../domain/time';
import type { Identifier } from '../../domain/types';
import { conflict } from '../http/errors';
import { passBalances } from '../money';
import { feesOwedBy } from '../policy';
import { studioConfig } from '../rules/studio';
import type { Reader } from '../storage/types';

/*
 * What keeps a card from being erased now. Erasure keeps the money and visit records, so what is still
 * open would be left with nobody to answer for it: a membership that charges, a seat or a place in line
 * ahead, money owed either way or on its way, a ward whose guardian would vanish from under them.
 */

const openOnline = new Set(['creating', 'pending', 'refunding']);
const openCharges = new Set(['pending', 'unknown']);

/** The reasons the card cannot be erased now, none when it can. */
export const eraseBlockers = async (reader: Reader, customerId: Identifier, now: Date): Promise<EraseBlocker[]> => {
    const blockers: EraseBlocker[] = [];
    const memberships = [
        ...(await reader.select('memberships', { customerId })),
        ...(await reader.select('memberships', { payerId: customerId })),
    ];
    const running = [...new Set(memberships.filter(one => one.status !== 'ended').map(one => one.id))];
    if (running.length) blockers.push({ kind: 'membership', ids: running });

    const { timezone } = await studioConfig(reader);
    const local = localDateTimeAt(now, timezone);
    const held = await reader.select('bookings', { customerId, status: ['booked', 'waitlisted'] });
    const events = new Map(
        (await reader.getMany('events', [...new Set(held.map(booking => booking.eventId))])).map(event => [
            event.id,
            event,
        ]),
    );
    const ahead = held.filter(booking => {
        const event = events.get(booking.eventId);
        return event !== undefined && event.status !== 'cancelled' && event.startsAt > local;
    });
    const ofStatus = (status: string) => ahead.filter(booking => booking.status === status).map(booking => booking.id);
    if (ofStatus('booked').length) blockers.push({ kind: 'booking', ids: ofStatus('booked') });
    if (ofStatus('waitlisted').length) blockers.push({ kind: 'waitlist', ids: ofStatus('waitlisted') });

    // What they owe: the rest of their passes and the fees of penalties applied, summed in cents.
    const passes = await reader.select('passes', { customerId, cancelled: false });
    let owed = (await feesOwedBy(reader, [customerId])).get(customerId) ?? 0;
    for (const { balanceDue } of (await passBalances(passes, reader)).values()) owed += Math.round(balanceDue * 100);
    if (owed > 0) blockers.push({ kind: 'debt', amount: owed / 100 });
    const unpaid = await reader.count('attendances', { customerId, unpaid: true });
    if (unpaid > 0) blockers.push({ kind: 'unpaid_visits', count: unpaid });

    // Money on its way, to the studio or back to them: a link that may still be paid, a payment or
    // refund the provider has not settled, a membership's charge not yet answered.
    const links = (await reader.select('paymentLinks', { customerId, status: 'pending' })).filter(
        link => linkStatusAt(link, now) === 'pending',
    );
    const online = (await reader.select('onlinePayments', { customerId })).filter(
        payment => openOnline.has(payment.status) || payment.refundPending,
    );
    const charges = memberships.length
        ? (await reader.select('charges', { membershipId: memberships.map(one => one.id) })).filter(charge =>
              openCharges.has(charge.status),
          )
        : [];
    const inProgress = [
        ...links.map(link => String(link.id)),
        ...online.map(payment => String(payment.id)),
        ...charges.map(charge => String(charge.id)),
    ];
    if (inProgress.length) blockers.push({ kind: 'payment_in_progress', ids: inProgress });

    const wards = (await reader.select('customers', { guardianId: customerId })).filter(ward => !isErased(ward));
    if (wards.length) blockers.push({ kind: 'ward', ids: wards.map(ward => ward.id) });
    return blockers;
};

/** The 409 that names what keeps the card from being erased. */
export const eraseBlocked = (blockers: EraseBlocker[]) =>
    conflict(
        `The personal data cannot be erased while something is open: ${blockers.map(blocker => blocker.kind).join(', ')}`,
        { id: 'app.privacy.erase.blocked' },
        { reason: 'erase_blocked', blockers },
    );
