import { z } from 'zod';

/*
 * The test card form of the payment page: what the customer types, formatted as a card prints it, and
 * the schema it is checked by, in the browser and on the server.
 */

const cardDigits = (value: string) => value.replace(/[\s-]/g, '');

const expiryPattern = /^(0[1-9]|1[0-2])\/\d{2}$/;

/**
 * Whether a card's expiry MM/YY has passed at `now`: a card is valid through the last day of its month
 * (11/26 pays until the end of November 2026), so only a month before the current one has passed.
 * Months are counted in UTC: a day's difference at the turn of a month is the provider's to judge.
 */
export const cardExpired = (expiry: string, now: Date): boolean => {
    const [month, year] = expiry.split('/').map(Number);
    return (
        2000 + year < now.getUTCFullYear() || (2000 + year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
    );
};

/**
 * Formats what the customer types into a card number field as printed on the card, in groups of four
 * ("4242 4242 4242 4242"): digits only, at most 19 of them; the schema reads the digits back.
 */
export const formatCardNumberInput = (typed: string): string =>
    typed
        .replace(/\D/g, '')
        .slice(0, 19)
        .replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * Formats what the customer types into an expiry field as MM/YY: digits only, the slash put in after
 * the month, so that typing 1228 shows 12/28; a single digit above 1 is a month, 4 becomes 04.
 */
export const formatExpiryInput = (typed: string): string => {
    const digits = typed.replace(/\D/g, '').slice(0, 4);
    const month = digits.length === 1 && digits > '1' ? `0${digits}` : digits;
    // The slash comes with the first digit of the year, so that backspace over it is not undone.
    return month.length <= 2 ? month : `${month.slice(0, 2)}/${month.slice(2)}`;
};

/**
 * The test card form: a number, an expiry MM/YY not in the past at `now` (the server's clock; the
 * browser's on the payment page), and a code, as any card form asks.
 */
export const cardSchemaAt = (now: Date) =>
    z.object({
        cardNumber: z
            .string({ error: 'ra.validation.required' })
            .refine(value => /^\d{12,19}$/.test(cardDigits(value)), 'app.payment_page.errors.card_number')
            .transform(cardDigits),
        expiry: z
            .string({ error: 'ra.validation.required' })
            .trim()
            .regex(expiryPattern, 'app.payment_page.errors.expiry')
            // Only a well-formed expiry is compared, so that a malformed one gets one message, not two.
            .refine(value => !expiryPattern.test(value) || !cardExpired(value, now), 'app.payment_page.errors.expired'),
        cvc: z.string({ error: 'ra.validation.required' }).regex(/^\d{3,4}$/, 'app.payment_page.errors.cvc'),
    });
export type CardInput = z.output<ReturnType<typeof cardSchemaAt>>;
