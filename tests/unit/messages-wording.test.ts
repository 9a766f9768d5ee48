import { describe, expect, it } from 'vitest';
import { botReply, messageText, type BotReply, type MessageFacts } from '../../src/domain/messages';
import { messageKinds } from '../../src/domain/schemas';
import type { Locale } from '../../src/domain/statuses';

/*
 * How the messages to customers read, every kind in both languages: the studio's name is never put into
 * a Russian sentence where it would have to be declined (it opens the text, as its sender), a plan's name
 * is quoted, a reminder says the class's time once, the notices of a seat say where to cancel it, and a
 * waived penalty is told.
 */

const studioName = 'Студия «Пульс»';
const className = 'Хатха-йога';
const portalUrl = 'https://studio.example.test/my';
const base: MessageFacts = {
    studioName,
    className,
    startsAt: '2031-07-20T19:00',
    amount: 1500,
    currency: 'RUB',
    freeUntil: '2031-07-20T07:00',
    cancelUrl: 'https://studio.example.test/cancel/7-abc',
    passName: 'Абонемент 8 занятий',
    visitsLeft: 3,
    endsOn: '2031-07-25',
    code: '123456',
    portalUrl,
};

/** Every message a customer may get: each kind, and each form of those that have several. */
const variants: { name: string; kind: (typeof messageKinds)[number]; facts: MessageFacts }[] = [
    ...messageKinds.filter(kind => kind !== 'penalty').map(kind => ({ name: kind, kind, facts: base })),
    { name: 'booked in line', kind: 'booked', facts: { ...base, position: 2 } },
    ...(['late_cancel', 'no_show'] as const).flatMap(offence =>
        [
            { forgiven: true, fee: null },
            { forgiven: false, fee: 300, appliesAt: '2031-07-21T20:00' },
            { forgiven: false, fee: null, waived: true },
            { forgiven: false, fee: 300, waived: true },
        ].map(penalty => ({
            name: `penalty ${offence} ${JSON.stringify(penalty)}`,
            kind: 'penalty' as const,
            facts: { ...base, penalty: { offence, ...penalty } },
        })),
    ),
];

/** Where a name stands in a text: what comes just before each of its occurrences. */
const before = (text: string, name: string): string[] =>
    text
        .split(name)
        .slice(0, -1)
        .map(part => part.slice(-12));

describe("the studio's name in Russian messages", () => {
    it.each(variants)('is never declined: it opens the text as the sender ($name)', ({ kind, facts }) => {
        const { subject, text } = messageText(kind, 'ru', facts);
        for (const written of [subject, text])
            for (const preceding of before(written, studioName)) expect(preceding).toMatch(/(^|\n)$/);
        expect(`${subject}\n${text}`).not.toMatch(/(в|во|от|у|из|для|бот|боте) Студия/);
    });

    it('opens the sign-in code and the test message', () => {
        expect(messageText('sign_in', 'ru', base).text).toBe(
            'Студия «Пульс»: код для входа — 123456. Он действует 10 минут. Если вы его не запрашивали, просто не отвечайте.',
        );
        expect(messageText('test', 'ru', base).text).toMatch(/^Студия «Пульс»: это проверочное сообщение/);
    });

    const replies: BotReply[] = ['linked', 'link_invalid', 'about', 'phone_unknown'];
    it.each(replies)("is never declined in the bot's replies either (%s)", what => {
        const reply = botReply(what, 'ru', { studioName, name: 'Анна' });
        for (const preceding of before(reply, studioName)) expect(preceding).toMatch(/(^|\n|\n— )$/);
    });
});

describe("a class's name in Russian messages", () => {
    it.each(variants.filter(variant => messageText(variant.kind, 'ru', variant.facts).text.includes(className)))(
        'follows a colon, so that it is never declined ($name)',
        ({ kind, facts }) => {
            for (const preceding of before(messageText(kind, 'ru', facts).text, className))
                expect(preceding).toMatch(/(: |— )$/);
        },
    );
});

describe("a plan's name", () => {
    it('is quoted, in each language’s quotes', () => {
        for (const kind of ['low_visits', 'expiring'] as const) {
            expect(messageText(kind, 'ru', base).text).toContain('«Абонемент 8 занятий»');
            expect(messageText(kind, 'en', { ...base, passName: '8 classes' }).text).toContain('"8 classes"');
        }
    });

    it('is not quoted twice when it has its quotes already', () => {
        expect(messageText('low_visits', 'ru', { ...base, passName: '«Утро»' }).text).toContain(' «Утро» ');
        expect(messageText('expiring', 'en', { ...base, passName: '"Morning"' }).text).toContain(' "Morning" ');
    });
});

describe('a reminder', () => {
    const count = (text: string, part: string) => text.split(part).length - 1;

    it.each(['en', 'ru'] as Locale[])(
        'says the class’s time once, and the cut-off without its day again (%s)',
        locale => {
            const { text } = messageText('reminder', locale, base);
            expect(count(text, '19:00')).toBe(1);
            expect(count(text, '07:00')).toBe(1);
            expect(count(text, locale === 'ru' ? '20 июля' : '20 July')).toBe(1);
            expect(text).toContain(base.cancelUrl);
        },
    );

    it.each(['en', 'ru'] as Locale[])('says the time once when the class’s title holds it (%s)', locale => {
        const { text } = messageText('reminder', locale, { ...base, className: 'Хатха-йога · Пн/Ср/Пт 19:00' });
        expect(count(text, '19:00')).toBe(1);
        expect(text).toContain(locale === 'ru' ? '20 июля' : '20 July');
    });

    it('names the cut-off’s day when it is another day than the class’s', () => {
        expect(messageText('reminder', 'en', { ...base, freeUntil: '2031-07-19T21:00' }).text).toMatch(
            /free until Sat 19 July(,| at) 21:00/,
        );
        expect(messageText('reminder', 'ru', { ...base, freeUntil: '2031-07-19T21:00' }).text).toMatch(
            /до сб, 19 июля(,| в) 21:00/,
        );
    });
});

describe('the notices of a seat', () => {
    const bookings = `${portalUrl}/bookings`;
    const seats = [
        { name: 'booked', facts: base },
        { name: 'in line', facts: { ...base, position: 2 } },
    ];

    it.each(['en', 'ru'] as Locale[])('say where to cancel: the bookings in the portal (%s)', locale => {
        for (const { facts } of seats) expect(messageText('booked', locale, facts).text).toContain(bookings);
        expect(messageText('promoted', locale, base).text).toContain(bookings);
        expect(messageText('promoted', locale, base).text).toMatch(locale === 'ru' ? /отмените запись/ : /cancel/);
        // A freed seat is booked in the portal's classes.
        expect(messageText('seat_free', locale, base).text).toContain(portalUrl);
    });

    it.each(['en', 'ru'] as Locale[])(
        'ask to cancel without a link when the server has no public address (%s)',
        locale => {
            const text = messageText('promoted', locale, { ...base, portalUrl: undefined }).text;
            expect(text).not.toMatch(/https?:/);
            expect(text).toMatch(locale === 'ru' ? /отмените запись/ : /cancel/);
        },
    );
});

describe('a waived penalty', () => {
    const waived = (offence: 'late_cancel' | 'no_show', fee: number | null) => ({
        ...base,
        penalty: { forgiven: false, offence, fee, waived: true },
    });

    it('is told in English: what it was for, and that it costs nothing', () => {
        const { subject, text } = messageText('penalty', 'en', waived('late_cancel', 300));
        expect(subject).toBe('Студия «Пульс»: penalty waived');
        expect(text).toMatch(/waived the penalty for your late cancel of Хатха-йога, Sun 20 July(,| at) 19:00/);
        expect(text).toMatch(/no fee/);
        expect(messageText('penalty', 'en', waived('no_show', null)).text).toMatch(
            /waived the penalty for missing Хатха-йога.*you keep the visit/,
        );
    });

    it('is told in Russian', () => {
        const { subject, text } = messageText('penalty', 'ru', waived('no_show', null));
        expect(subject).toBe('Студия «Пульс»: штраф отменён');
        expect(text).toMatch(/^Студия отменила штраф за пропуск занятия: Хатха-йога, вс, 20 июля(,| в) 19:00\./);
        expect(text).toMatch(/Посещение не спишется/);
        expect(messageText('penalty', 'ru', waived('late_cancel', 300)).text).toMatch(
            /штраф за позднюю отмену занятия: .*Платить ничего не нужно/,
        );
    });

    it('names the ward for a guardian', () => {
        expect(messageText('penalty', 'ru', { ...waived('no_show', null), wardName: 'Маша' }).subject).toBe(
            'Студия «Пульс»: штраф отменён (Для: Маша)',
        );
    });
});
