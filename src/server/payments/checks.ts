import { feeOwed } from '../../domain/penalties';
import type { Config, OnlinePayment, Pass, PaymentLink, Penalty } from '../../domain/types';
import { conflict } from '../http/errors';
import { dueOn } from '../money';
import { studioConfig } from '../rules/studio';
import type { Reader } from '../storage/types';
import { toMinor, type Receipt } from './provider';
import { receiptFor, type ReceiptSettings } from './receipts';

/*
 * What a payment link still asks and how a payment is described: read by the pay route before a payment
 * is asked for, and by settling when the money came.
 */

const passOf = (reader: Reader, link: Pick<PaymentLink, 'passId'>) =>
    link.passId == null ? Promise.resolve(undefined) : reader.get('passes', link.passId);

/**
 * A fee link is paid only while its penalty's fee is owed: paid at the desk meanwhile, or reversed, is a
 * conflict the page shows.
 */
const checkFeeOwed = async (reader: Reader, link: Pick<PaymentLink, 'penaltyId'>): Promise<Penalty> => {
    const penalty = link.penaltyId == null ? undefined : await reader.get('penalties', link.penaltyId);
    if (!penalty || !feeOwed(penalty))
        throw conflict('The fee is owed no more', { status: 'app.payment_page.errors.nothing_due' });
    return penalty;
};

/**
 * A balance link is paid only while its pass still owes what it asks: nothing due any more (paid at the
 * desk meanwhile), or less than the link asks, is a conflict the page shows.
 */
const checkStillDue = async (reader: Reader, link: Pick<PaymentLink, 'passId' | 'amount'>): Promise<Pass> => {
    const pass = await passOf(reader, link);
    const due = pass ? await dueOn(reader, pass) : 0;
    if (!pass || due <= 0)
        throw conflict('Nothing is due on the pass any more', { status: 'app.payment_page.errors.nothing_due' });
    if (toMinor(link.amount) > toMinor(due))
        throw conflict(
            'Less is due on the pass than the link asks',
            { status: 'app.payment_page.errors.due_changed' },
            { due },
        );
    return pass;
};

/**
 * A link that starts a membership is paid only while the customer has no running membership of the plan
 * (another link of theirs started one meanwhile): a second would charge them twice each month.
 */
const checkNoMembership = async (
    reader: Reader,
    link: Pick<PaymentLink, 'customerId' | 'subscriptionId' | 'membershipId'>,
) => {
    if (link.membershipId != null) return;
    const running = await reader.select('memberships', {
        customerId: link.customerId,
        subscriptionId: link.subscriptionId,
        status: ['active', 'past_due'],
    });
    if (running.length > 0)
        throw conflict('The customer already has a running membership of this plan', {
            status: 'app.memberships.errors.membership_active',
        });
};

/**
 * A fee or balance link is paid only while what it asks is still owed (a sale always is), and a link
 * that starts a membership while none of the plan runs: read by the pay route before a payment is asked
 * for, and by settling when the money came.
 */
export const checkStillOwed = async (
    reader: Reader,
    link: Pick<
        PaymentLink,
        'purpose' | 'passId' | 'penaltyId' | 'amount' | 'customerId' | 'subscriptionId' | 'membershipId'
    >,
) => {
    if (link.purpose === 'fee') await checkFeeOwed(reader, link);
    if (link.purpose === 'balance') await checkStillDue(reader, link);
    if (link.purpose === 'membership') await checkNoMembership(reader, link);
};

/** What the link asks, as an attempt keeps it from when the payer pressed Pay. */
type Asked = Pick<PaymentLink, 'customerId' | 'purpose' | 'passId' | 'subscriptionId' | 'amount'>;

/** Whether the link still asks what was paid: the same customer, purpose, pass, plan and amount, and pending. */
export const stillAsks = (current: PaymentLink, asked: Asked) =>
    current.status === 'pending' &&
    current.customerId === asked.customerId &&
    current.purpose === asked.purpose &&
    (current.passId ?? null) === (asked.passId ?? null) &&
    current.subscriptionId === asked.subscriptionId &&
    toMinor(current.amount) === toMinor(asked.amount);

/** The words a receipt adds to a plan's name, in the studio's language (its receipts' language). */
const purposeWords = {
    en: {
        fee: "a penalty's fee",
        balance: 'the rest',
        membership: 'membership (the card is saved for the next months)',
    },
    ru: { fee: 'штраф', balance: 'доплата', membership: 'подписка (карта сохраняется для следующих месяцев)' },
};

/** What a payment is for, as the provider's page and the receipt name it, in the studio's language. */
export const describePayment = async (reader: Reader, asked: Asked & Pick<PaymentLink, 'penaltyId'>) => {
    const plan = await reader.get('subscriptions', asked.subscriptionId);
    const name = plan?.name ?? '';
    const words = purposeWords[(await studioConfig(reader)).defaultLocale] ?? purposeWords.en;
    if (asked.purpose === 'fee') return `${name}: ${words.fee}`;
    if (asked.purpose === 'balance') return `${(await passOf(reader, asked))?.name ?? name}: ${words.balance}`;
    if (asked.purpose === 'membership') return `${name}: ${words.membership}`;
    return name;
};

/** The receipt of an attempt, or null when the studio sends none through the provider. */
export const attemptReceipt = async (
    reader: Reader,
    attempt: OnlinePayment,
    settings: ReceiptSettings | null,
): Promise<Receipt | null> => {
    if (!settings || !attempt.receiptContact) return null;
    const contact = attempt.receiptContact.includes('@')
        ? { email: attempt.receiptContact }
        : { phone: attempt.receiptContact };
    return receiptFor({
        description: await describePayment(reader, attempt),
        amountMinor: toMinor(attempt.amount),
        contact,
        settings,
    });
};

/** The studio's receipt settings from its configuration: none while no taxation system is chosen. */
export const receiptSettingsOf = (config: Config): ReceiptSettings | null =>
    config.receiptTaxSystem
        ? {
              taxSystem: config.receiptTaxSystem,
              vat: config.receiptVat ?? 'none',
              paymentMode: config.receiptPaymentMode ?? 'full_payment',
          }
        : null;
