import { describe, expect, it } from 'vitest';
import { countryOfCurrency, e164Phone, groupedPhone, upgradedPhone } from '../../src/domain/phones';
import { upgradeDatabase } from '../../src/domain/upgrades';

describe('a phone as stored', () => {
    it('is E.164 however it was typed, read in the studio country without a country code', () => {
        for (const typed of [
            '8 952 632 70 15',
            '+7 952 632-70-15',
            '8 (952) 632-70-15',
            '952 632 70 15',
            ' +79526327015 ',
        ])
            expect(e164Phone(typed, 'RU'), typed).toBe('+79526327015');
        expect(e164Phone('020 7946 0958', 'GB')).toBe('+442079460958');
        // A number with its country code is that country's, whatever the studio's.
        expect(e164Phone('+44 20 7946 0958', 'RU')).toBe('+442079460958');
        expect(e164Phone('+7 952 632-70-15', 'GB')).toBe('+79526327015');
    });

    it('is none when the text is not a valid number in the country', () => {
        for (const typed of ['12345', '8 123 456 78 90', '+7 952 632-70-1', '952 632 70 15 99', 'call me'])
            expect(e164Phone(typed, 'RU'), typed).toBeUndefined();
        expect(e164Phone('952 632 70 15', 'GB')).toBeUndefined();
    });

    it('is shown grouped with its country code, and a number that is not valid as it is', () => {
        expect(groupedPhone('+79526327015')).toBe('+7 952 632-70-15');
        expect(groupedPhone('+442079460958')).toBe('+44 20 7946 0958');
        expect(groupedPhone('12345')).toBe('12345');
    });
});

describe('the studio country of settings made before it', () => {
    it('is the country of the currency, or Russia for a currency of several countries', () => {
        expect(countryOfCurrency('RUB')).toBe('RU');
        expect(countryOfCurrency('KZT')).toBe('KZ');
        expect(countryOfCurrency('GBP')).toBe('GB');
        expect(countryOfCurrency('EUR')).toBe('RU');
    });
});

describe('phones of an earlier version', () => {
    it('become E.164 once, and a number that is not valid stays as typed', () => {
        expect(upgradedPhone('8 952 632 70 15', 'RU')).toBe('+79526327015');
        expect(upgradedPhone('+79526327015', 'RU')).toBe('+79526327015');
        expect(upgradedPhone('12345', 'RU')).toBe('12345');
    });

    it('are upgraded in a database with the settings country, customers and users alike, and counted', () => {
        const sinceThePortal = { locale: null, notify: null, telegramLinked: false, guardianId: null, consentAt: null };
        const values: Record<string, unknown> = {
            // Made after bookings and messages: only the phones and the country are of an earlier version.
            configs: [
                {
                    id: 'general',
                    currency: 'KZT',
                    bookingOpensDays: 14,
                    quietHours: '22:00-09:00',
                    reminders: true,
                    staffBookingNotices: true,
                    penaltyDelayHours: 24,
                    membershipGraceDays: 3,
                    closures: [],
                },
            ],
            users: [
                { id: 1, phone: '8 701 123 45 67' },
                { id: 2, phone: null },
            ],
            // Made after the portal: they have their language, choices, Telegram, guardian and consent.
            customers: [
                { id: 1, phone: '+7 952 632-70-15', ...sinceThePortal },
                { id: 2, phone: '+79526327016', ...sinceThePortal, locale: 'en' },
                { id: 3, phone: '12345', ...sinceThePortal },
            ],
        };
        // The country given to the settings, and the two phones written another way.
        expect(upgradeDatabase(values)).toBe(3);
        expect(values).toEqual({
            configs: [
                {
                    id: 'general',
                    currency: 'KZT',
                    bookingOpensDays: 14,
                    quietHours: '22:00-09:00',
                    reminders: true,
                    staffBookingNotices: true,
                    penaltyDelayHours: 24,
                    membershipGraceDays: 3,
                    closures: [],
                    country: 'KZ',
                },
            ],
            users: [
                { id: 1, phone: '+77011234567' },
                { id: 2, phone: null },
            ],
            customers: [
                { id: 1, phone: '+79526327015', ...sinceThePortal },
                { id: 2, phone: '+79526327016', ...sinceThePortal, locale: 'en' },
                { id: 3, phone: '12345', ...sinceThePortal },
            ],
        });
        expect(upgradeDatabase(values)).toBe(0);
    });
});
