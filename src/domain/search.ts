/*
 * How people write what they search for: the same for the server's search and the forms' checks.
 */

/** Case and the Russian ё do not count: people type "Соловьева" for "Соловьёва". */
export const foldText = (text: string) => text.toLowerCase().replace(/ё/g, 'е');

/** The digits of a text (a phone number written with spaces, dashes, brackets or a +). */
export const digitsOf = (text: string) => text.replace(/\D/g, '');

/**
 * A phone number without its country code, when it has one: 8 982 ... and +7 982 ... are the same
 * Russian number written two ways, so both become 982 ....
 */
export const nationalDigits = (numberDigits: string) =>
    numberDigits.length === 11 && /^[78]/.test(numberDigits) ? numberDigits.slice(1) : numberDigits;

/** Fewer digits than this are not a phone number yet, and would find customers by accident. */
export const phoneDigitsNeeded = 5;

/** The number a phone is, however written: its digits without the country code. */
export const phoneNumberKey = (phone: unknown): string => nationalDigits(digitsOf(String(phone ?? '')));
