import { z } from 'zod';
import type { Locale } from './statuses';
import type { StoredRecordOf } from './types';

/*
 * The words a customer agrees to, kept in the settings (`configs.consentTexts`) so that the studio can
 * change them, each kind with its version: a consent records the version and the text as shown, so what
 * someone agreed to stays known after the words change. `%{studio}` stands for the studio's name.
 */

export const consentKinds = ['personal_data', 'marketing', 'autopay'] as const;
export type ConsentKind = (typeof consentKinds)[number];

const consentText = z.object({
    version: z.number().int('app.validation.integer').min(1, 'app.validation.min_one'),
    en: z.string().trim().min(1, 'ra.validation.required').max(10_000),
    ru: z.string().trim().min(1, 'ra.validation.required').max(10_000),
});
export type ConsentText = z.infer<typeof consentText>;

export const consentTextsSchema = z.object({
    personal_data: consentText,
    marketing: consentText,
    autopay: consentText,
});
export type ConsentTexts = z.infer<typeof consentTextsSchema>;

/** The texts a studio starts with, each at version 1 (what the consents brought over from `consentAt` name). */
export const defaultConsentTexts: ConsentTexts = {
    personal_data: {
        version: 1,
        en: 'I give %{studio} my consent to process my personal data: my name, phone number and e-mail, and the records of my classes, passes and payments.\n\nThe purpose is to sign me up, book my classes, take my payments and send me messages about my bookings, passes and payments. The data is collected, recorded, stored, updated, used and deleted, with and without automation, and is passed to others only where the law requires it or the service needs it (the payment provider, the services that deliver messages).\n\nThe consent lasts until I revoke it. I can revoke it at any time by telling the studio; my data is then deleted, except what the law requires the studio to keep.',
        ru: 'Я даю %{studio} согласие на обработку моих персональных данных: имени, номера телефона и адреса электронной почты, а также сведений о моих занятиях, абонементах и платежах.\n\nЦель обработки — регистрация, запись на занятия, приём оплаты и сообщения о моих записях, абонементах и платежах. Данные собираются, записываются, хранятся, уточняются, используются и удаляются с использованием средств автоматизации и без них и передаются третьим лицам только по требованию закона или когда это нужно для услуги (платёжному сервису, сервисам доставки сообщений).\n\nСогласие действует до его отзыва. Я могу отозвать его в любой момент, сообщив студии; после этого мои данные удаляются, кроме тех, которые студия обязана хранить по закону.',
    },
    marketing: {
        version: 1,
        en: 'I agree that %{studio} may send me offers, news and discounts by e-mail and Telegram. I can say no at any time on the Privacy page of my account, in one tap.',
        ru: 'Я согласен(на) получать от %{studio} предложения, новости и скидки по электронной почте и в Telegram. Я могу отказаться в любой момент одним нажатием на странице «Конфиденциальность» в личном кабинете.',
    },
    autopay: {
        version: 1,
        en: 'I agree that %{studio} saves my card and charges it for my membership on the terms shown: the amount of each period, the day of the charge and how to cancel. I am told at least 24 hours before every charge and can cancel at any time in my account.',
        ru: 'Я согласен(на), что %{studio} сохраняет мою карту и списывает с неё оплату абонемента на показанных условиях: сумму за каждый период, день списания и порядок отмены. Я получаю уведомление не менее чем за 24 часа до каждого списания и могу отменить подписку в любой момент в личном кабинете.',
    },
};

/** The text of a kind as a customer is shown it, in their language, the studio named. */
export const shownConsentText = (texts: ConsentTexts, kind: ConsentKind, locale: Locale, studioName: string) =>
    texts[kind][locale].replaceAll('%{studio}', studioName);

/**
 * The texts to keep when the studio writes new ones: a kind whose words changed is one version above the
 * one kept (whatever version was sent), so no two texts ever share a version; unchanged, it keeps its own.
 */
export const nextConsentTexts = (written: ConsentTexts, kept: ConsentTexts): ConsentTexts => {
    const next = { ...written };
    for (const kind of consentKinds) {
        const was = kept[kind];
        const now = written[kind];
        const changed = now.en.trim() !== was.en.trim() || now.ru.trim() !== was.ru.trim();
        next[kind] = { ...now, version: changed ? was.version + 1 : was.version };
    }
    return next;
};

type Loose = Record<string, unknown>;

/**
 * A customer's `consentAt` (given when signing up in the portal, before consents were records) as their
 * personal data consent, brought over from `import`, of the default text's version in their language:
 * for each customer with one and no personal data consent yet, so that opening the database again brings
 * nothing twice. Answers how many it made. PostgreSQL databases get the same from their migration 029.
 */
export const consentsFromConsentAt = (values: Loose, counted: () => void) => {
    const customers = Array.isArray(values.customers) ? (values.customers as Loose[]) : [];
    const config = Array.isArray(values.configs) ? (values.configs[0] as Loose | undefined) : undefined;
    const consents = Array.isArray(values.consents) ? (values.consents as Loose[]) : [];
    const held = new Set(consents.filter(one => one?.kind === 'personal_data').map(one => one.customerId));
    const studioName = typeof config?.studioName === 'string' ? config.studioName : '';
    const studioLocale: Locale = config?.defaultLocale === 'ru' ? 'ru' : 'en';
    let id = consents.reduce((max, one) => Math.max(max, typeof one?.id === 'number' ? one.id : 0), 0);
    const made = customers
        .filter(customer => typeof customer?.consentAt === 'string' && !held.has(customer.id))
        .map(customer => {
            counted();
            const locale: Locale =
                customer.locale === 'ru' || customer.locale === 'en' ? customer.locale : studioLocale;
            return {
                id: ++id,
                customerId: customer.id,
                kind: 'personal_data',
                textVersion: defaultConsentTexts.personal_data.version,
                text: shownConsentText(defaultConsentTexts, 'personal_data', locale, studioName),
                terms: null,
                at: customer.consentAt,
                source: 'import',
                ip: null,
                revokedAt: null,
                createdAt: customer.consentAt,
            };
        });
    if (made.length) values.consents = [...consents, ...made];
};

/** The studio's texts: its own, or the defaults while it has written none. */
export const consentTextsOf = (config: { consentTexts?: ConsentTexts | null }): ConsentTexts =>
    config.consentTexts ?? defaultConsentTexts;

/** A consent as recorded (src/domain/collections/consents.ts): written by the server only. */
export type Consent = StoredRecordOf<'consents'>;

/** What the desk's create form says a new customer agreed to: personal data (required), offers by message. */
export const deskConsentsSchema = z.object({
    personalData: z.literal(true, { error: 'app.consents.personal_data_required' }),
    marketing: z.boolean().optional(),
});
export type DeskConsents = z.infer<typeof deskConsentsSchema>;
