import { getSupportedRegionCodes, parsePhoneNumber } from 'awesome-phonenumber';

/*
 * People's phones are stored in one form, E.164 (+79526327015), whatever way staff typed them
 * (8 952 632 70 15, +7 952 632-70-15): a number typed without its country code is read in the studio's
 * country. Screens show them grouped, in the international format (+7 952 632-70-15).
 */

/** The country of a studio that names none and whose currency names none either (EUR). */
export const defaultCountry = 'RU';

/** The countries whose numbers can be read (ISO 3166 codes, as the studio's settings name them). */
export const phoneCountries = (): string[] => getSupportedRegionCodes();

/**
 * The country of a studio whose settings predate the field: the one its currency belongs to, since an
 * ISO 4217 code begins with its country's ISO 3166 code (RUB: RU, KZT: KZ, GBP: GB); a currency of
 * several countries (EUR) names none, and the default is taken.
 */
export const countryOfCurrency = (currency: string): string => {
    const country = currency.slice(0, 2);
    return phoneCountries().includes(country) ? country : defaultCountry;
};

/** The phone in E.164 when it is a valid number, read in `country` unless written with its country code; otherwise undefined. */
export const e164Phone = (typed: string, country: string): string | undefined => {
    const parsed = parsePhoneNumber(typed.trim(), { regionCode: country });
    return parsed.valid ? parsed.number.e164 : undefined;
};

/** Already in E.164: nothing to read again (a valid number is itself, an invalid one stays as it is). */
const inE164 = /^\+\d+$/;

/**
 * A stored phone brought to E.164; one that is no valid number in the country stays as typed, for
 * staff to correct when they next edit it.
 */
export const upgradedPhone = (stored: string, country: string): string =>
    inE164.test(stored) ? stored : (e164Phone(stored, country) ?? stored);

/** A phone as people read it: grouped, with its country code (+7 952 632-70-15); one that is no valid number as it is stored. */
export const groupedPhone = (phone: string): string => {
    const parsed = parsePhoneNumber(phone);
    return parsed.valid ? parsed.number.international : phone;
};
