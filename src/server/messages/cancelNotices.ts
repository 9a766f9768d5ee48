import { activeBookingStatuses } from '../../domain/bookings';
import type { CancelNotice, CancelNoticesAnswer } from '../../domain/eventNotices';
import { personName } from '../../domain/journal';
import type { MessageChannel } from '../../domain/messages';
import type { Booking, Customer, Identifier, Message, StoredCustomer, StudioEvent } from '../../domain/types';
import type { Channels } from './channels';
import { customerChannels } from './outbox';
import type { Reader } from '../storage/types';

/*
 * Who hears that the class is cancelled. Before the cancel, everyone
 * booked or in line, with the channel their message would take as the customer's choices and this
 * server's channels stand now (or why none can); after it, each cancellation message as it went. Each
 * names whoever reads the message (a ward's guardian) with their phone, for the desk to call those no
 * message reaches. Managers and admins, who read the outbox and the customers' phones.
 */

/** The channel a message about a cancelled class would take to `recipient` now, or why none. */
const channelFor = (recipient: Customer, channels: Channels): Pick<CancelNotice, 'channel' | 'reason'> => {
    const choice = customerChannels(recipient, 'class_cancelled');
    if ('skipped' in choice) return { channel: null, reason: choice.skipped };
    const to = { email: recipient.email, telegramChatId: (recipient as StoredCustomer).telegramChatId ?? null };
    const channel = choice.channels.find((one: MessageChannel) => channels[one]?.reaches(to));
    return channel ? { channel, reason: null } : { channel: null, reason: 'not_configured' };
};

/** The customers booked and those who read their messages (a ward's guardian), by id, in two reads. */
const peopleOf = async (reader: Reader, bookings: Booking[]) => {
    const customers = await reader.getMany('customers', [...new Set(bookings.map(booking => booking.customerId))]);
    const guardians = await reader.getMany('customers', [
        ...new Set(customers.flatMap(customer => (customer.guardianId == null ? [] : [customer.guardianId]))),
    ]);
    const byId = new Map([...customers, ...guardians].map(customer => [customer.id, customer]));
    const recipientOf = (customer: Customer) =>
        (customer.guardianId != null && byId.get(customer.guardianId)) || customer;
    return { byId, recipientOf };
};

const cancelNotices = async (
    reader: Reader,
    eventId: Identifier,
    cancelled: boolean,
    channels: Channels,
): Promise<CancelNotice[]> => {
    const all = await reader.select('bookings', { eventId });
    const messages =
        cancelled && all.length
            ? await reader.select('messages', { dedupeKey: all.map(booking => `class_cancelled:${booking.id}`) })
            : [];
    const messageOf = new Map<string, Message>(messages.map(message => [message.dedupeKey, message]));
    // Before the cancel: those it would tell; after it: those it told (a seat cancelled earlier was not).
    const bookings = cancelled
        ? all.filter(booking => messageOf.has(`class_cancelled:${booking.id}`))
        : all.filter(booking => activeBookingStatuses.includes(booking.status));
    const { byId, recipientOf } = await peopleOf(reader, bookings);
    return bookings.flatMap((booking): CancelNotice[] => {
        const customer = byId.get(booking.customerId);
        if (!customer) return [];
        const message = messageOf.get(`class_cancelled:${booking.id}`);
        const told = (message && byId.get(message.customerId)) || recipientOf(customer);
        return [
            {
                customerId: customer.id,
                name: personName(customer),
                seat: cancelled ? null : (booking.status as 'booked' | 'waitlisted'),
                recipient: { id: told.id, name: personName(told), phone: told.phone ?? null },
                ...(message
                    ? {
                          channel: message.channel,
                          reason: message.status === 'skipped' ? (message.error as CancelNotice['reason']) : null,
                      }
                    : channelFor(told, channels)),
                message: message
                    ? { id: message.id, status: message.status, error: message.error, attempts: message.attempts }
                    : null,
            },
        ];
    });
};

/** Who hears that the class is cancelled: the booked first, then the line; each group by name. */
export const cancelNoticesOf = async (
    reader: Reader,
    event: Pick<StudioEvent, 'id' | 'status'>,
    channels: Channels,
): Promise<CancelNoticesAnswer> => {
    const cancelled = event.status === 'cancelled';
    const people = await cancelNotices(reader, event.id, cancelled, channels);
    const rank = (notice: CancelNotice) => (notice.seat === 'waitlisted' ? 1 : 0);
    people.sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name, 'ru'));
    return { cancelled, people };
};
