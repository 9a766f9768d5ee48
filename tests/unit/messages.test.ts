import { describe, expect, it } from 'vitest';
import { promotionSpared } from '../../src/domain/bookings';
import { channelsFor, lowVisitsAt, messageText, nextTry, outOfQuietHours } from '../../src/domain/messages';

/*
 * The pure rules of messages: which channel takes one (Telegram first, e-mail the fallback, a kind turned
 * off), when a failed one is tried again, the quiet hours, when a pass says its visits run out, and how
 * long a seat from the line is free to give back after its notice.
 */

describe('the channels of a message', () => {
    it('are Telegram first and e-mail as the fallback, as the customer takes them', () => {
        expect(channelsFor({ email: 'a@b.test', telegram: true }, 'reminder')).toEqual({
            channels: ['telegram', 'email'],
        });
        expect(channelsFor({ email: 'a@b.test', telegram: true, notify: { telegram: false } }, 'reminder')).toEqual({
            channels: ['email'],
        });
        expect(channelsFor({ email: null, telegram: false }, 'reminder')).toEqual({ skipped: 'no_channel' });
        expect(
            channelsFor({ email: 'a@b.test', telegram: true, notify: { kinds: { reminder: false } } }, 'reminder'),
        ).toEqual({
            skipped: 'opted_out',
        });
        // Sign-in codes always go, whatever was turned off.
        expect(
            channelsFor(
                { email: 'a@b.test', telegram: false, notify: { email: false, kinds: { sign_in: false } } },
                'sign_in',
            ),
        ).toEqual({ channels: ['email'] });
    });

    it('are tried again after 1, 5, 15 and 60 minutes, and no more after the fifth try', () => {
        const now = new Date('2031-07-01T12:00:00Z');
        expect([1, 2, 3, 4].map(attempts => (nextTry(attempts, now)!.getTime() - now.getTime()) / 60_000)).toEqual([
            1, 5, 15, 60,
        ]);
        expect(nextTry(5, now)).toBeNull();
    });
});

describe('quiet hours', () => {
    const quiet = '22:00-09:00';
    const now = '2031-07-19T12:00';

    it('leave a notice outside them as it is, and move one inside to their end', () => {
        expect(outOfQuietHours('2031-07-19T15:00', quiet, now)).toBe('2031-07-19T15:00');
        expect(outOfQuietHours('2031-07-19T23:30', quiet, now)).toBe('2031-07-20T09:00');
        expect(outOfQuietHours('2031-07-20T05:00', quiet, now)).toBe('2031-07-20T09:00');
    });

    it('move a notice whose class would have begun by then to an hour before they begin, the evening before', () => {
        expect(outOfQuietHours('2031-07-20T05:00', quiet, now, '2031-07-20T07:00')).toBe('2031-07-19T21:00');
        // Too late for that too: it goes when due.
        expect(outOfQuietHours('2031-07-20T05:00', quiet, '2031-07-19T21:30', '2031-07-20T07:00')).toBe(
            '2031-07-20T05:00',
        );
    });

    it('are none when empty, and work within one day too', () => {
        expect(outOfQuietHours('2031-07-20T05:00', null, now)).toBe('2031-07-20T05:00');
        expect(outOfQuietHours('2031-07-20T13:30', '13:00-15:00', now)).toBe('2031-07-20T15:00');
        // Never earlier than now.
        expect(outOfQuietHours('2031-07-19T10:00', quiet, now)).toBe(now);
    });
});

describe('a pass running out', () => {
    it('says so at 3 visits left, or at 1 on a pass of 4 visits or fewer, and never for an unlimited one', () => {
        expect(lowVisitsAt(8)).toBe(3);
        expect(lowVisitsAt(5)).toBe(3);
        expect(lowVisitsAt(4)).toBe(1);
        expect(lowVisitsAt(1)).toBe(1);
        expect(lowVisitsAt(null)).toBeNull();
    });

    it('counts its visits in words that agree with the number, in both languages', () => {
        const facts = { studioName: 'Pulse', passName: '8 visits' };
        expect(messageText('low_visits', 'en', { ...facts, visitsLeft: 1 }).text).toMatch(/has 1 visit left/);
        expect(messageText('low_visits', 'en', { ...facts, visitsLeft: 3 }).text).toMatch(/has 3 visits left/);
        expect(messageText('low_visits', 'ru', { ...facts, visitsLeft: 1 }).text).toMatch(/осталось 1 посещение/);
        expect(messageText('low_visits', 'ru', { ...facts, visitsLeft: 3 }).text).toMatch(/осталось 3 посещения/);
        expect(messageText('low_visits', 'ru', { ...facts, visitsLeft: 11 }).text).toMatch(/осталось 11 посещений/);
    });
});

describe('a seat given from the line', () => {
    const now = new Date('2031-07-26T10:30:00Z');

    it('is free to give back while its notice is less than 2 hours old, or when it never reached the customer', () => {
        expect(promotionSpared('2031-07-26T09:00:00Z', now)).toBe(true);
        expect(promotionSpared('2031-07-26T08:30:00Z', now)).toBe(false);
        expect(promotionSpared(null, now)).toBe(true);
    });
});
