import polyglotI18nProvider from 'ra-i18n-polyglot';
import { describe, expect, it } from 'vitest';
import { englishMessages } from '../../src/app/i18n/en';
import { russianMessages } from '../../src/app/i18n/ru';
import { whoText } from '../../src/resources/history/auditText';

/* Who made a change, as History says it: a user, the customer on the payment page, or the server's own work. */

const translateIn = (locale: 'en' | 'ru') =>
    polyglotI18nProvider(l => (l === 'ru' ? russianMessages : englishMessages), locale).translate;

describe('the author of a change', () => {
    it('is the user and their role, the customer paying online, or the server closing a class by itself', () => {
        const en = translateIn('en');
        expect(whoText(en, { userName: 'Anna Petrova', role: 'teacher', endpoint: 'POST /api/events/1/close' })).toBe(
            'Anna Petrova (Teacher)',
        );
        // A payment recorded from the test provider's checkout, or from a real provider's notice.
        for (const endpoint of ['POST /api/public/test-checkout/test_x', 'POST /api/public/providers/yookassa'])
            expect(whoText(en, { userName: null, role: null, endpoint })).toBe('Online, by the customer');
        expect(whoText(en, { userName: null, role: null, endpoint: 'job close-classes' })).toBe(
            'Automatically, by the server',
        );
        expect(whoText(translateIn('ru'), { userName: null, role: null, endpoint: 'job close-classes' })).toBe(
            'Автоматически, сервером',
        );
    });
});
