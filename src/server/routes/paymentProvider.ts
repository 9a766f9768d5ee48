import { randomBytes } from 'node:crypto';
import type { CardInput } from '../../domain/money';

/** What the public payment page asks a provider to take. */
export interface ChargeRequest {
    amount: number;
    currency: string;
    description: string;
    card: CardInput;
}

type ChargeResult = { approved: true; reference: string } | { approved: false; reason: string };

/** Giving back a charge in full: the provider's reference of the charge and what it took. */
export interface RefundRequest {
    reference: string;
    amount: number;
    currency: string;
}

export type RefundResult = { refunded: true; reference: string } | { refunded: false; reason: string };

/**
 * Whoever takes the money for a payment link. A studio plugs in its acquirer here; the server only
 * needs an answer, approved with the provider's reference or declined with a message key.
 */
export interface PaymentProvider {
    name: string;
    charge(request: ChargeRequest): Promise<ChargeResult>;
    /** Gives a charge back, when the server cannot record what it was for (the link was cancelled meanwhile). */
    refund(request: RefundRequest): Promise<RefundResult>;
}

const testCardNumber = '4242424242424242';

/**
 * The built-in provider: a test card form. 4242 4242 4242 4242 pays, any other number is declined, and
 * every charge can be given back. It answers after a short pause as a real acquirer would, so the page
 * and the server face the same waiting (and the same races) as with a real one.
 */
export const testCardProvider: PaymentProvider = {
    name: 'test card',
    charge: ({ card }) =>
        new Promise(resolve =>
            setTimeout(
                () =>
                    resolve(
                        card.cardNumber === testCardNumber
                            ? { approved: true, reference: `test_${randomBytes(6).toString('hex')}` }
                            : { approved: false, reason: 'app.payment_page.errors.declined' },
                    ),
                50,
            ),
        ),
    refund: ({ reference }) =>
        new Promise(resolve =>
            setTimeout(() => resolve({ refunded: true, reference: reference.replace(/^test_/, 'test_refund_') }), 50),
        ),
};
