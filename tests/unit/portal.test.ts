import { describe, expect, it } from 'vitest';
import { messageText, withoutCode } from '../../src/domain/messages';
import {
    codeAllowed,
    codeOf,
    firstPauseDay,
    freezeDaysLeft,
    loginKey,
    loginOf,
    signInCandidates,
} from '../../src/domain/portal';

/*
 * The portal's pure rules: what a login is, whom it signs in, the limits on sign-in codes, from when a
 * customer pauses a pass, and the texts a code and a child's message go out with.
 */

describe('a login', () => {
    it('is an e-mail, lower-cased, or a phone in E.164 read in the studio’s country', () => {
        expect(loginOf(' Olga@Example.TEST ', 'RU')).toEqual({ email: 'olga@example.test' });
        for (const typed of ['8 (912) 345-67-01', '+7 912 345 67 01', '89123456701', '9123456701'])
            expect(loginOf(typed, 'RU')).toEqual({ phone: '+79123456701' });
        expect(loginOf('hello', 'RU')).toBeUndefined();
        expect(loginOf('a@b', 'RU')).toBeUndefined();
        expect(loginKey({ phone: '+79123456701' })).not.toBe(loginKey({ email: '+79123456701' }));
    });

    it('signs in the adults who have it, or the wards when only they have it', () => {
        const mum = { id: 1, guardianId: null };
        const dad = { id: 2, guardianId: undefined };
        const kid = { id: 3, guardianId: 1 };
        expect(signInCandidates([mum, kid, dad])).toEqual([mum, dad]);
        expect(signInCandidates([kid])).toEqual([kid]);
        expect(signInCandidates([])).toEqual([]);
    });
});

describe('sign-in codes', () => {
    it('are six digits, leading zeros kept', () => {
        expect(codeOf(42)).toBe('000042');
        expect(codeOf(999_999.9)).toBe('999999');
    });

    it('go once a minute and five times an hour', () => {
        const now = new Date('2031-07-15T12:00:00Z');
        const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();
        expect(codeAllowed([], now).allowed).toBe(true);
        expect(codeAllowed([ago(0.5)], now).allowed).toBe(false);
        expect(codeAllowed([ago(1)], now).allowed).toBe(true);
        expect(codeAllowed([ago(50), ago(40), ago(30), ago(20), ago(10)], now).allowed).toBe(false);
        const older = codeAllowed([ago(70), ago(40), ago(30), ago(20), ago(10)], now);
        expect(older).toEqual({ recent: [ago(40), ago(30), ago(20), ago(10)], allowed: true });
    });

    it('are said in the customer’s language and masked once sent', () => {
        const { text } = messageText('sign_in', 'ru', { studioName: 'Studio', code: '012345' });
        expect(text).toBe(
            'Studio: код для входа — 012345. Он действует 10 минут. Если вы его не запрашивали, просто не отвечайте.',
        );
        expect(withoutCode(text)).toContain('Studio: код для входа — ••••••.');
        expect(withoutCode('+79123456701')).toBe('+79123456701');
    });
});

describe('a message to a guardian', () => {
    it('says whom it is about', () => {
        const { subject, text } = messageText('class_cancelled', 'en', {
            studioName: 'Studio',
            className: 'Yoga',
            startsAt: '2031-07-20T18:00',
            wardName: 'Masha',
        });
        expect(subject).toBe('Studio: class cancelled (For Masha)');
        expect(text).toMatch(/^For Masha\. Sorry: Yoga/);
    });
});

describe('pausing one’s own pass', () => {
    it('starts tomorrow at the earliest', () => {
        expect(firstPauseDay('2031-12-31')).toBe('2032-01-01');
    });

    it('has the plan’s freeze days until the pass was frozen once', () => {
        expect(freezeDaysLeft({ frozenFrom: null }, 7)).toBe(7);
        expect(freezeDaysLeft({ frozenFrom: '2031-07-20' }, 7)).toBe(0);
    });
});
