import type { IncomingHttpHeaders } from 'node:http';
import type { paymentModes, paymentProviderNames, taxSystems, vats } from '../../domain/schemas';

/*
 * An acquirer's hosted payment page: the server asks the provider for a payment, sends the payer to the
 * provider's page, and learns the outcome from the provider's notice (or by asking). Each provider
 * (ЮKassa, CloudPayments, T-Bank, the built-in test one) implements this interface. Inside this layer
 * amounts are whole minor units (kopecks), so that no sum sent to a provider or its fiscal receipt
 * depends on floating-point rounding; the rest of the server keeps major units with 2 decimals.
 */

export { paymentProviderNames as providerNames } from '../../domain/schemas';
export type ProviderName = (typeof paymentProviderNames)[number];

export type TaxSystem = (typeof taxSystems)[number];
export type Vat = (typeof vats)[number];
export type PaymentMode = (typeof paymentModes)[number];

/** Where the provider sends the electronic receipt (tag 1008): an e-mail, or a phone as +7XXXXXXXXXX. */
export type ReceiptContact = { email: string } | { phone: string };

/** One line of a receipt: its sum is `amountMinor` (price × quantity). */
export interface ReceiptItem {
    name: string;
    quantity: number;
    amountMinor: number;
    vat: Vat;
    paymentMode: PaymentMode;
    subject: 'service';
}

/** A 54-FZ receipt in neutral form, one per payment or refund; each provider maps it to its own fields. */
export interface Receipt {
    contact: ReceiptContact;
    taxSystem: TaxSystem;
    items: ReceiptItem[];
}

/** What the server asks a provider for when the payer presses Pay. */
export interface CreatePaymentInput {
    /** Our order id, 32 hex characters (T-Bank OrderId, CloudPayments InvoiceId, ЮKassa metadata). */
    attemptId: string;
    linkId: string;
    amountMinor: number;
    currency: string;
    /** Shown to the payer; providers cut it to their limit. */
    description: string;
    /** Null when the studio sends no receipts through the provider. */
    receipt: Receipt | null;
    /** Where the provider's page sends the payer back. */
    returnUrl: string;
    /** Where the provider posts its notices (T-Bank takes it per payment; the others from their cabinet). */
    notifyUrl: string;
    /** When the payment link expires: the provider's page need not live longer. */
    expiresAt: Date;
    /** Repeating a request with the same key creates no second payment (ЮKassa Idempotence-Key, CP X-Request-ID). */
    idempotenceKey: string;
    /**
     * A membership's first payment: the card is saved for the renewals, on the payer's account (ЮKassa
     * `save_payment_method`, CloudPayments `AccountId`, T-Bank `Recurrent: "Y"` with `CustomerKey`).
     */
    saveCard?: { payerKey: string };
}

/**
 * A card the provider saved with a first payment, as the server keeps it: `token` is what charges it
 * (ЮKassa `payment_method.id`, CloudPayments `Token`, T-Bank `RebillId`), never answered to anyone.
 */
export interface SavedCard {
    token: string;
    /** As the payer knows it: "Mir •• 4242". */
    title: string;
    /** The last day the card is valid (YYYY-MM-DD), when the provider tells it. */
    expiresOn: string | null;
}

/** What a renewal asks: the saved card charged without the payer, under our key. */
export interface ChargeInput {
    token: string;
    /** Whose card it is, as given at the first payment (CloudPayments AccountId, T-Bank CustomerKey). */
    payerKey: string;
    /** Ours, unique per membership, period and attempt: the provider's idempotence key and order id. */
    key: string;
    amountMinor: number;
    currency: string;
    description: string;
    receipt: Receipt | null;
}

/**
 * A renewal's outcome. Declined for `money` (insufficient funds and every reason not the card's: tried
 * again later) or for the `card` (expired, revoked, blocked: never tried again). `pending`: the provider
 * decides later (its notice or a later `findCharge` tells). A thrown retryable ProviderError: unknown.
 */
export type ChargeOutcome =
    | { status: 'succeeded'; providerPaymentId: string }
    | { status: 'pending'; providerPaymentId: string }
    | { status: 'declined'; providerPaymentId: string | null; reason: string; cause: 'money' | 'card' };

/** A payment as the provider sees it: not decided yet, paid, or declined (cancelled, expired). */
export type ProviderStatus = 'pending' | 'succeeded' | 'declined';

/** What a verified notice tells, in the provider's neutral terms. */
export type Notice =
    | {
          kind: 'payment';
          providerPaymentId: string;
          attemptId: string;
          status: ProviderStatus;
          amountMinor: number;
          currency: string;
          reason?: string;
          /** The card saved with it, when the payment asked to save one and the provider did. */
          savedCard?: SavedCard;
      }
    | {
          kind: 'refund';
          providerPaymentId: string;
          providerRefundId: string;
          status: 'succeeded' | 'canceled';
          amountMinor: number;
      }
    /** CloudPayments asks before charging the card whether the order may still be paid. */
    | { kind: 'check'; attemptId: string; amountMinor: number }
    /** A notice that changes nothing here (T-Bank AUTHORIZED, CloudPayments Confirm): accepted and dropped. */
    | { kind: 'ignored'; why: string };

/** A notice that passed the provider's checks, or why it did not (nothing is written for it). */
export type NoticeVerdict = { verified: true; notice: Notice } | { verified: false; reason: string };

/** The answer to a CloudPayments Check: 0 pay; 10 order, 11 account, 12 amount wrong; 13 refused; 20 expired. */
export type CheckCode = 0 | 10 | 11 | 12 | 13 | 20;

/** A provider that takes payments on its own hosted page. */
export interface PaymentProvider {
    name: ProviderName;
    /** Creates the payment and answers where to send the payer. */
    createPayment(input: CreatePaymentInput): Promise<{ providerPaymentId: string; redirectUrl: string }>;
    /** Parses and verifies a notice: signature / token / IP, and for ЮKassa a re-fetch of the object. */
    handleNotice(raw: Buffer, headers: IncomingHttpHeaders, remoteIp: string): Promise<NoticeVerdict>;
    /** What the provider expects back: ЮKassa 200 '', CP 200 {"code":N}, T-Bank 200 'OK', test 200 {ok:true}. */
    answer(outcome: 'accepted' | 'rejected' | { checkCode: CheckCode }): { status: number; type: string; body: string };
    /** Gives back `amountMinor` of a paid payment; the same key never refunds twice. */
    refund(input: {
        providerPaymentId: string;
        amountMinor: number;
        currency: string;
        receipt: Receipt | null;
        idempotenceKey: string;
    }): Promise<{ status: 'succeeded' | 'pending' | 'canceled'; providerRefundId?: string; reason?: string }>;
    /** Asks the provider for a payment's state, when a notice is late or lost. */
    fetchPayment(
        providerPaymentId: string,
        attemptId: string,
    ): Promise<{
        status: ProviderStatus;
        amountMinor: number;
        currency: string;
        refunded?: boolean;
        /** The transaction that paid it, when the provider names one apart from the payment (CloudPayments). */
        providerTransactionId?: string;
        /** The card saved with it, when the payment asked to save one and the provider did. */
        savedCard?: SavedCard;
    }>;
    /** Cancels a payment nobody has paid yet (T-Bank Cancel, CloudPayments orders/cancel); ЮKassa has none. */
    cancelPayment?(providerPaymentId: string): Promise<void>;
    /** Charges a saved card (a membership's renewal); the same key never charges twice. */
    chargeSaved?(input: ChargeInput): Promise<ChargeOutcome>;
    /**
     * What became of a renewal whose outcome is unknown, found by its key (and the provider's id when
     * one was kept); `missing` when the provider never took it, so that it may be asked again.
     */
    findCharge?(input: {
        key: string;
        providerPaymentId: string | null;
        createdAt: Date;
    }): Promise<ChargeOutcome | { status: 'missing' }>;
}

/**
 * A provider refused or could not be reached. `retryable`: the outcome is unknown (network error, HTTP 5xx
 * or 429), so the same request with the same key may be repeated; otherwise it was refused for good.
 */
export class ProviderError extends Error {
    constructor(
        message: string,
        readonly retryable: boolean,
        readonly code?: string,
    ) {
        super(message);
    }
}

/** An amount of the server (major units, 2 decimals) in whole minor units: 1234.56 → 123456. */
export const toMinor = (amount: number): number => {
    if (!Number.isFinite(amount)) throw new Error(`Not an amount of money: ${amount}`);
    // Rounded as the money rules round cents, so that 0.1 + 0.2 counts as 30 kopecks.
    return Math.round(amount * 100);
};

/** Whole minor units back in major units: 123456 → 1234.56. */
export const fromMinor = (minor: number): number => minor / 100;

/** Minor units as a decimal text with 2 decimals, counted in integers: 123456 → '1234.56', 1 → '0.01'. */
export const minorText = (minor: number): string => {
    if (!Number.isSafeInteger(minor)) throw new Error(`Not a whole number of minor units: ${minor}`);
    const sign = minor < 0 ? '-' : '';
    const whole = Math.abs(minor);
    return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
};

/**
 * A decimal text in whole minor units, read as text ('1500.5' → 150050): a float times 100 could be a
 * kopeck off. Undefined for anything that is not a non-negative amount with at most 2 decimals.
 */
export const minorOfText = (text: string): number | undefined => {
    const parts = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
    if (!parts) return undefined;
    const minor = Number(parts[1]) * 100 + Number((parts[2] ?? '').padEnd(2, '0'));
    return Number.isSafeInteger(minor) ? minor : undefined;
};

/** An HTTP Basic authorization header (ЮKassa's shop id and key, CloudPayments' public id and secret). */
export const basicAuthorization = (user: string, secret: string) =>
    `Basic ${Buffer.from(`${user}:${secret}`, 'utf8').toString('base64')}`;
