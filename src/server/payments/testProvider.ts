import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { cardSchemaAt } from '../../domain/money';
import {
    minorText,
    ProviderError,
    type CreatePaymentInput,
    type Notice,
    type PaymentProvider,
    type SavedCard,
} from './provider';
import { sameSecret, testSignature } from './signatures';
import { readSavedCard, saveTestCard, testCards, testChargeLedger, type TestCharge } from './testProviderCards';

/*
 * The built-in provider, for a studio trying the app out and for the tests: it takes no money, and
 * otherwise behaves as the real ones do. Pressing Pay creates a payment and sends the payer to a page of
 * this server that looks like a provider's checkout (/payments/test-checkout/{id}); the card typed there
 * decides the outcome, and the outcome comes back as a signed notice through the same route and checks
 * as a real provider's notice, a moment after the payer is sent back (as with a real provider, the
 * return page may say "processing" first). Its payments live in this process: a restart forgets them,
 * and an attempt left pending is settled as declined by the job that asks. A membership's first payment
 * saves the card typed (its number inside the token), and renewals charge it as testProviderCards says.
 */

/** What the test checkout page shows of a payment. */
export interface TestCheckoutView {
    id: string;
    amount: string;
    currency: string;
    description: string;
    status: 'pending' | 'succeeded' | 'declined';
    /** Where the payer goes back to, paid or not. */
    returnUrl: string;
    /** Where the receipt goes, when the studio sends one. */
    receiptTo: string | null;
    /** True when the card typed is saved for a membership's renewals (absent for any other payment). */
    savesCard?: boolean;
}

interface TestPayment {
    input: CreatePaymentInput;
    status: TestCheckoutView['status'];
    reason?: string;
    savedCard?: SavedCard;
    refunds: Map<string, { id: string; amountMinor: number }>;
}

export class TestCardError extends Error {
    constructor(
        readonly field: 'cardNumber' | 'expiry' | 'cvc',
        readonly key: string,
    ) {
        super(`The test card is refused: ${key}`);
    }
}

export interface TestProvider extends PaymentProvider {
    /** The payment as its checkout page shows it, or undefined. */
    view(id: string): TestCheckoutView | undefined;
    /** The payer submits a card on the checkout page: answers where to send them back. */
    pay(id: string, card: unknown, now: Date): Promise<{ returnUrl: string }>;
    /** Where the provider's signed notices go: the server's notice route, in process. */
    connect(deliver: (raw: Buffer, headers: IncomingHttpHeaders) => Promise<unknown>): void;
    /** Every renewal asked of it, once per key (a repeat of the key is not a second charge). */
    charges(): TestCharge[];
    /** The next renewal fails as a network would: never reaching it, or `processed` and its answer lost. */
    failNextCharge(options?: { processed?: boolean }): void;
}

export const testProvider = ({
    secret = randomBytes(32).toString('hex'),
    noticeDelayMs = 1000,
    log = console,
}: {
    /** The key notices are signed with (TEST_PROVIDER_SECRET), random for each start by default. */
    secret?: string;
    /** How long after the payer's card a notice comes (TEST_PROVIDER_NOTICE_DELAY_MS). */
    noticeDelayMs?: number;
    log?: Pick<Console, 'error'>;
} = {}): TestProvider => {
    const payments = new Map<string, TestPayment>();
    let deliver: ((raw: Buffer, headers: IncomingHttpHeaders) => Promise<unknown>) | undefined;
    const renewals = testChargeLedger();

    /** Signs a notice and hands it to the server, after the delay a real provider's notice takes. */
    const notify = (body: Record<string, unknown>) => {
        const raw = Buffer.from(JSON.stringify({ ...body, at: new Date().toISOString() }));
        const headers = { 'content-type': 'application/json', 'x-test-signature': testSignature(raw, secret) };
        setTimeout(() => {
            deliver?.(raw, headers).catch((error: unknown) =>
                log.error(`The test provider's notice was not taken: ${String(error)}`),
            );
        }, noticeDelayMs);
    };

    const paymentOf = (id: string) => {
        const payment = payments.get(id);
        if (!payment) throw new ProviderError(`The test provider has no payment ${id}`, false, 'not_found');
        return payment;
    };

    return {
        name: 'test',
        connect: to => {
            deliver = to;
        },
        createPayment: async input => {
            const id = `test_${randomBytes(12).toString('hex')}`;
            payments.set(id, { input, status: 'pending', refunds: new Map() });
            return { providerPaymentId: id, redirectUrl: `/payments/test-checkout/${id}` };
        },
        view: id => {
            const payment = payments.get(id);
            if (!payment) return undefined;
            const { input } = payment;
            const contact = input.receipt?.contact;
            return {
                id,
                amount: minorText(input.amountMinor),
                currency: input.currency,
                description: input.description,
                status: payment.status,
                returnUrl: input.returnUrl,
                receiptTo: contact ? ('email' in contact ? contact.email : contact.phone) : null,
                ...(input.saveCard ? { savesCard: true } : {}),
            };
        },
        pay: async (id, card, now) => {
            const payment = paymentOf(id);
            const { returnUrl, attemptId, amountMinor, currency } = payment.input;
            // Paid or declined already: the page only sends the payer back.
            if (payment.status !== 'pending') return { returnUrl };
            const parsed = cardSchemaAt(now).safeParse(card);
            if (!parsed.success) {
                const issue = parsed.error.issues[0];
                throw new TestCardError(issue.path[0] as 'cardNumber', issue.message);
            }
            const number = parsed.data.cardNumber;
            if (number === testCards.paid || number === testCards.poor) payment.status = 'succeeded';
            else if (number === testCards.declined)
                [payment.status, payment.reason] = ['declined', 'insufficient_funds'];
            else if (number === testCards.expired) [payment.status, payment.reason] = ['declined', 'card_expired'];
            else throw new TestCardError('cardNumber', 'app.test_checkout.errors.unknown_card');
            if (payment.status === 'succeeded' && payment.input.saveCard)
                payment.savedCard = saveTestCard(number, parsed.data.expiry);
            notify({
                event: payment.status === 'succeeded' ? 'payment.succeeded' : 'payment.canceled',
                paymentId: id,
                attemptId,
                amount: minorText(amountMinor),
                currency,
                ...(payment.reason ? { reason: payment.reason } : {}),
                ...(payment.savedCard ? { savedCard: payment.savedCard } : {}),
            });
            return { returnUrl };
        },
        handleNotice: async (raw, headers) => {
            const signature = headers['x-test-signature'];
            if (typeof signature !== 'string' || !sameSecret(signature, testSignature(raw, secret)))
                return { verified: false, reason: 'the signature is missing or wrong' };
            let body: Record<string, unknown>;
            try {
                body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
            } catch {
                return { verified: false, reason: 'the body is not JSON' };
            }
            const amountMinor = Math.round(Number(body.amount) * 100);
            const paymentId = String(body.paymentId ?? '');
            let notice: Notice;
            const savedCard = body.event === 'payment.succeeded' ? readSavedCard(body.savedCard) : undefined;
            if (body.event === 'payment.succeeded' || body.event === 'payment.canceled')
                notice = {
                    kind: 'payment',
                    providerPaymentId: paymentId,
                    attemptId: String(body.attemptId ?? ''),
                    status: body.event === 'payment.succeeded' ? 'succeeded' : 'declined',
                    amountMinor,
                    currency: String(body.currency ?? ''),
                    ...(typeof body.reason === 'string' ? { reason: body.reason } : {}),
                    ...(savedCard ? { savedCard } : {}),
                };
            else if (body.event === 'refund.succeeded')
                notice = {
                    kind: 'refund',
                    providerPaymentId: paymentId,
                    providerRefundId: String(body.refundId ?? ''),
                    status: 'succeeded',
                    amountMinor,
                };
            else notice = { kind: 'ignored', why: `event ${String(body.event)}` };
            return { verified: true, notice };
        },
        answer: outcome =>
            outcome === 'rejected'
                ? { status: 401, type: 'application/json', body: '{"ok":false}' }
                : { status: 200, type: 'application/json', body: '{"ok":true}' },
        refund: async ({ providerPaymentId, amountMinor, idempotenceKey }) => {
            // It took no money: a payment it does not know (made before a restart, or by another server
            // process on the same database) is given back as nothing, successfully.
            if (!payments.has(providerPaymentId))
                return { status: 'succeeded', providerRefundId: `test_refund_${randomBytes(8).toString('hex')}` };
            const payment = paymentOf(providerPaymentId);
            if (payment.status !== 'succeeded')
                return { status: 'canceled', reason: 'Only a paid payment can be refunded' };
            // The same key never refunds twice: the refund already made is answered again.
            const made = payment.refunds.get(idempotenceKey);
            if (made) return { status: 'succeeded', providerRefundId: made.id };
            const refunded = [...payment.refunds.values()].reduce((sum, refund) => sum + refund.amountMinor, 0);
            if (refunded + amountMinor > payment.input.amountMinor)
                return { status: 'canceled', reason: 'More than was paid' };
            const refund = { id: `test_refund_${randomBytes(8).toString('hex')}`, amountMinor };
            payment.refunds.set(idempotenceKey, refund);
            return { status: 'succeeded', providerRefundId: refund.id };
        },
        fetchPayment: async providerPaymentId => {
            const payment = paymentOf(providerPaymentId);
            const refunded = [...payment.refunds.values()].reduce((sum, refund) => sum + refund.amountMinor, 0);
            return {
                status: payment.status,
                amountMinor: payment.input.amountMinor,
                currency: payment.input.currency,
                refunded: refunded >= payment.input.amountMinor,
                ...(payment.savedCard ? { savedCard: { ...payment.savedCard } } : {}),
            };
        },
        chargeSaved: input => renewals.charge(input),
        findCharge: ({ key }) => renewals.find(key),
        charges: () => renewals.charges(),
        failNextCharge: options => renewals.failNext(options),
    };
};

/** Whether the provider is the built-in test one, whose checkout page this server serves. */
export const isTestProvider = (provider: PaymentProvider | null): provider is TestProvider =>
    provider?.name === 'test' && 'view' in provider;
