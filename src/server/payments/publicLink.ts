import type { PublicLink } from '../../domain/api/public';
import { checkLinkOpen, linkStatusAt } from '../../domain/money';
import { classTitle } from '../../domain/timetable';
import type { Customer, OnlinePayment, PaymentLink } from '../../domain/types';
import { notFound, ruleRefusal } from '../http/errors';
import { withoutNul } from '../http/requests';
import { studioConfig } from '../rules/studio';
import type { Reader } from '../storage/types';
import { receiptSettingsOf } from './checks';
import type { MembershipLinks } from './membershipLinks';
import { receiptContact } from './receipts';
import type { PaymentSetup } from './setup';

/*
 * What the public page /payments/link/{id} shows. A link's id is its secret (128 random bits), so the
 * answer holds only what the payment page needs: studio name, what is paid (a plan, the rest of a pass by
 * its name, or a penalty's fee with its class), amount and currency, description, expiry (and the
 * studio's time zone to show it in), the customer's first name, status, and how the payer's attempt on
 * the provider's page went.
 */

export const findLink = async (reader: Reader, id: string): Promise<PaymentLink> => {
    const link = await reader.get('paymentLinks', withoutNul('id', id));
    if (!link) throw notFound('No such payment link');
    return link;
};

/** The link may be paid at `now`, the server's clock: pending and not expired. */
export const checkOpen = (link: PaymentLink, now: Date) => {
    try {
        checkLinkOpen(link, now);
    } catch (error) {
        throw ruleRefusal(error);
    }
};

/** What a fee link's penalty was for: the offence and the class (its title and the studio's start). */
const penaltyView = async (reader: Reader, link: PaymentLink) => {
    const penalty = link.penaltyId == null ? undefined : await reader.get('penalties', link.penaltyId);
    const event = penalty && (await reader.get('events', penalty.eventId));
    return penalty
        ? {
              kind: penalty.kind,
              startsAt: event?.startsAt ?? null,
              title: event ? classTitle((await reader.get('courses', event.courseId))?.name, event.title) : null,
          }
        : null;
};

/** Whom the receipt goes to: a membership's payer (a ward's guardian), or the customer. */
const receiptPerson = async (reader: Reader, link: PaymentLink, customer: Customer) =>
    link.purpose === 'membership' && link.payerId != null && link.payerId !== customer.id
        ? ((await reader.get('customers', link.payerId)) ?? customer)
        : customer;

/** How an attempt went, as the payer's page tells it: no ids of the provider, no contact. */
const attemptView = (attempt: OnlinePayment | undefined) =>
    attempt ? { id: attempt.id, status: attempt.status, reason: attempt.reason } : null;

/**
 * Whom the public payment page greets: a child's pass or fee is paid by their guardian, so the page
 * greets the guardian and names the child (`forName`); anyone else is greeted, paying for themselves. The
 * page needs no sign-in, so like the payer the child is named by first name only.
 */
export const payerNames = async (reader: Reader, customer: Customer | undefined) => {
    const guardian = customer?.guardianId == null ? undefined : await reader.get('customers', customer.guardianId);
    return customer && guardian
        ? { firstName: guardian.firstName, forName: customer.firstName }
        : { firstName: customer?.firstName ?? '', forName: null };
};

/**
 * The link as the payment page shows it at `now`, the server's clock (a pending link past its expiry reads
 * as expired); `mode` is the studio's payment setup's.
 */
export const publicLinkView = async (
    reader: Reader,
    link: PaymentLink,
    attempt: OnlinePayment | undefined,
    now: Date,
    mode: PaymentSetup['mode'],
    memberships?: MembershipLinks,
): Promise<PublicLink> => {
    const config = await studioConfig(reader);
    const customer = await reader.get('customers', link.customerId);
    return {
        // `test`: no money is taken, and the page says so; `off`: the link cannot be paid online yet.
        payments: mode,
        status: linkStatusAt(link, now),
        studioName: config.studioName,
        purpose: link.purpose,
        planName: (await reader.get('subscriptions', link.subscriptionId))?.name ?? '',
        // A balance link pays the rest of a pass: the page names the pass, as the customer knows it.
        passName:
            link.purpose === 'balance' && link.passId != null
                ? ((await reader.get('passes', link.passId))?.name ?? '')
                : null,
        // A fee link pays a penalty: the page names what for (a late cancel or a no-show) and the class.
        penalty: link.purpose === 'fee' ? await penaltyView(reader, link) : null,
        amount: link.amount,
        currency: config.currency,
        description: link.description,
        expiresAt: link.expiresAt,
        // The expiry is shown in the studio's time, named, whatever the customer's device says.
        timezone: config.timezone,
        // The payer greeted: a child's guardian, with the child named.
        ...(await payerNames(reader, customer)),
        // The studio's language, for a customer whose browser says nothing the app speaks.
        locale: config.defaultLocale,
        // The receipt needs an e-mail or a phone: the page asks the payer for an e-mail when the studio has neither.
        contactNeeded:
            !!receiptSettingsOf(config) && !!customer && !receiptContact(await receiptPerson(reader, link, customer)),
        attempt: attemptView(attempt),
        // What the payer agrees to before a membership's first period is paid and the card saved.
        membership:
            link.purpose === 'membership' && link.membershipId == null && memberships
                ? await memberships.terms(reader, link, now)
                : null,
    };
};
