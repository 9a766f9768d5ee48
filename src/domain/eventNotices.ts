import type { MessageChannel } from './messages';
import type { Identifier, Message } from './types';

/*
 * Who hears that a class is cancelled: before the cancel, each person booked or in line and the channel
 * the message would take (or why none can); after it, each cancellation message and how it went, with
 * the phone of whoever reads it, so that the desk calls those no message reached.
 * GET /api/events/:id/cancel-notices (managers and admins).
 */

/** Why no message can reach someone: the codes a skipped message keeps in its `error`. */
export type NoticeSkipReason = 'opted_out' | 'no_channel' | 'not_configured';

export interface CancelNotice {
    /** The person booked (or in line), whom the message is about. */
    customerId: Identifier;
    name: string;
    /** Their seat before the cancel; null once the class is cancelled (their booking is cancelled then). */
    seat: 'booked' | 'waitlisted' | null;
    /** Who reads their messages: they, or their guardian for a ward. */
    recipient: { id: Identifier; name: string; phone: string | null };
    /** The channel the message takes (or took); null when none can. */
    channel: MessageChannel | null;
    /** Why no channel can take it (before the cancel), or why it was skipped. */
    reason: NoticeSkipReason | null;
    /** The cancellation message once the class is cancelled. */
    message: Pick<Message, 'id' | 'status' | 'error' | 'attempts'> | null;
}

export interface CancelNoticesAnswer {
    /** The class is cancelled: `people` are the messages sent; otherwise those who would be told. */
    cancelled: boolean;
    people: CancelNotice[];
}

/** A cancellation message that reached nobody, or will not: the desk phones these. */
export const unreached = (notice: CancelNotice): boolean =>
    notice.message ? notice.message.status === 'skipped' || notice.message.status === 'failed' : !notice.channel;
