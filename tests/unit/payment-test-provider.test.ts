import type { IncomingHttpHeaders } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { ChargeInput, CreatePaymentInput, Notice } from '../../src/server/payments/provider';
import { testProvider, type TestProvider } from '../../src/server/payments/testProvider';

/*
 * The built-in test provider saving a card with a membership's first payment and charging it at renewals:
 * the card typed on its checkout decides, as a real provider's card would, and a key charges once.
 */

const now = new Date('2026-11-29T09:00:00Z');

let counter = 0;
const paymentInput = (overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput => {
    counter += 1;
    return {
        attemptId: String(counter).padStart(32, '0'),
        linkId: `link-${counter}`,
        amountMinor: 450000,
        currency: 'RUB',
        description: 'Membership: Yoga monthly',
        receipt: null,
        returnUrl: 'http://localhost:3000/pay/link',
        notifyUrl: 'http://localhost:3000/api/public/providers/test',
        expiresAt: new Date('2026-12-01T00:00:00Z'),
        idempotenceKey: `key-${counter}`,
        ...overrides,
    };
};

const card = (cardNumber: string, expiry = '02/28') => ({ cardNumber, expiry, cvc: '123' });

/** A provider whose notices come back here, each verified by the provider itself as the server would. */
const listening = () => {
    const provider = testProvider({ noticeDelayMs: 0 });
    const notices: Notice[] = [];
    let heard: (() => void) | undefined;
    provider.connect(async (raw: Buffer, headers: IncomingHttpHeaders) => {
        const verdict = await provider.handleNotice(raw, headers, '127.0.0.1');
        if (!verdict.verified) throw new Error(verdict.reason);
        notices.push(verdict.notice);
        heard?.();
    });
    /** Pays on the checkout and answers the notice that came of it. */
    const pay = async (id: string, typed: object) => {
        const arrived = new Promise<void>(done => (heard = done));
        await provider.pay(id, typed, now);
        await arrived;
        return notices[notices.length - 1];
    };
    return { provider, pay };
};

/** A membership's first payment paid with `cardNumber`: answers the card it saved. */
const savedWith = async (provider: TestProvider, pay: ReturnType<typeof listening>['pay'], cardNumber: string) => {
    const { providerPaymentId } = await provider.createPayment(paymentInput({ saveCard: { payerKey: 'customer-7' } }));
    const notice = await pay(providerPaymentId, card(cardNumber));
    if (notice.kind !== 'payment' || !notice.savedCard) throw new Error('No card was saved');
    return notice.savedCard;
};

const renewal = (token: string, key: string, amountMinor = 450000): ChargeInput => ({
    token,
    payerKey: 'customer-7',
    key,
    amountMinor,
    currency: 'RUB',
    description: 'Membership: Yoga monthly, period 2',
    receipt: null,
});

describe('the test checkout of a membership’s first payment', () => {
    it('saves the card typed, in its notice and when asked, and says so on its page', async () => {
        const { provider, pay } = listening();
        const { providerPaymentId, redirectUrl } = await provider.createPayment(
            paymentInput({ saveCard: { payerKey: 'customer-7' } }),
        );
        expect(redirectUrl).toBe(`/payments/test-checkout/${providerPaymentId}`);
        expect(provider.view(providerPaymentId)?.savesCard).toBe(true);

        const notice = await pay(providerPaymentId, card('4242 4242 4242 4242', '02/28'));
        expect(notice).toMatchObject({ kind: 'payment', status: 'succeeded', providerPaymentId });
        const saved = notice.kind === 'payment' ? notice.savedCard : undefined;
        expect(saved).toEqual({
            token: expect.stringMatching(/^test_pm_4242424242424242_[0-9a-f]{12}$/),
            title: 'Visa •• 4242',
            // A card is valid through the last day of its month: February 2028 has 29 days.
            expiresOn: '2028-02-29',
        });
        expect((await provider.fetchPayment(providerPaymentId, '')).savedCard).toEqual(saved);
    });

    it('pays the first period with the card whose renewals will be declined', async () => {
        const { provider, pay } = listening();
        const saved = await savedWith(provider, pay, '4000000000009995');
        expect(saved).toMatchObject({ title: 'Visa •• 9995', expiresOn: '2028-02-29' });
    });

    it('saves nothing for a payment that did not ask, or that was declined', async () => {
        const { provider, pay } = listening();
        const plain = await provider.createPayment(paymentInput());
        expect(provider.view(plain.providerPaymentId)).not.toHaveProperty('savesCard');
        const paid = await pay(plain.providerPaymentId, card('4242424242424242'));
        expect(paid).toMatchObject({ status: 'succeeded' });
        expect(paid).not.toHaveProperty('savedCard');
        expect(await provider.fetchPayment(plain.providerPaymentId, '')).not.toHaveProperty('savedCard');

        const expiring = await provider.createPayment(paymentInput({ saveCard: { payerKey: 'customer-7' } }));
        const declined = await pay(expiring.providerPaymentId, card('4000000000000069'));
        expect(declined).toMatchObject({ status: 'declined', reason: 'card_expired' });
        expect(declined).not.toHaveProperty('savedCard');
    });
});

describe('a renewal on a saved test card', () => {
    it('succeeds on 4242, is declined for money on …9995 and for the card on …0069', async () => {
        const { provider, pay } = listening();
        const paying = await savedWith(provider, pay, '4242424242424242');
        const poor = await savedWith(provider, pay, '4000000000009995');
        expect(await provider.chargeSaved?.(renewal(paying.token, 'r-paid'))).toEqual({
            status: 'succeeded',
            providerPaymentId: expect.stringMatching(/^test_charge_/),
        });
        expect(await provider.chargeSaved?.(renewal(poor.token, 'r-poor'))).toMatchObject({
            status: 'declined',
            reason: 'insufficient_funds',
            cause: 'money',
        });
        // A card saved once and expired since: its token still names it.
        expect(
            await provider.chargeSaved?.(renewal('test_pm_4000000000000069_0123456789ab', 'r-expired')),
        ).toMatchObject({ status: 'declined', reason: 'card_expired', cause: 'card' });
        expect(await provider.chargeSaved?.(renewal('not-a-test-token', 'r-unknown'))).toMatchObject({
            status: 'declined',
            reason: 'card_unknown',
            cause: 'card',
        });
    });

    it('charges a key once: the same key answers the same outcome, and findCharge finds it', async () => {
        const { provider, pay } = listening();
        const saved = await savedWith(provider, pay, '4242424242424242');
        const first = await provider.chargeSaved?.(renewal(saved.token, 'm1-p2-a1'));
        const again = await provider.chargeSaved?.(renewal(saved.token, 'm1-p2-a1'));
        expect(again).toEqual(first);
        expect(provider.charges()).toEqual([{ key: 'm1-p2-a1', amountMinor: 450000, status: 'succeeded' }]);
        expect(await provider.findCharge?.({ key: 'm1-p2-a1', providerPaymentId: null, createdAt: now })).toEqual(
            first,
        );
        expect(await provider.findCharge?.({ key: 'm1-p2-a2', providerPaymentId: null, createdAt: now })).toEqual({
            status: 'missing',
        });
    });

    it('fails as a network would when a test asks: unknown, then found or missing', async () => {
        const { provider, pay } = listening();
        const saved = await savedWith(provider, pay, '4242424242424242');

        provider.failNextCharge();
        await expect(provider.chargeSaved?.(renewal(saved.token, 'never-reached'))).rejects.toMatchObject({
            retryable: true,
        });
        expect(await provider.findCharge?.({ key: 'never-reached', providerPaymentId: null, createdAt: now })).toEqual({
            status: 'missing',
        });

        provider.failNextCharge({ processed: true });
        await expect(provider.chargeSaved?.(renewal(saved.token, 'answer-lost'))).rejects.toMatchObject({
            retryable: true,
        });
        expect(
            await provider.findCharge?.({ key: 'answer-lost', providerPaymentId: null, createdAt: now }),
        ).toMatchObject({ status: 'succeeded' });
        expect(provider.charges().map(charge => charge.key)).toEqual(['answer-lost']);
    });
});
