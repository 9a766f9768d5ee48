// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testDataProvider } from 'react-admin';
import { defaultConsentTexts, type ConsentTexts } from '../../src/domain/consents';
import type { Config } from '../../src/domain/types';
import { ConfigPage } from '../../src/resources/configs/ConfigPage';
import { renderScreen, type Locale } from '../support/screen';

/*
 * The consent texts on the settings page: each kind's words in English and Russian with the version the
 * server keeps, shown and never typed; saving sends the new words, and the version the server raised shows.
 */

afterEach(cleanup);

const texts: ConsentTexts = {
    personal_data: { version: 3, en: 'Pulse may process my data.', ru: 'Пульс может обрабатывать мои данные.' },
    marketing: { version: 2, en: 'Pulse may send me offers.', ru: 'Пульс может присылать мне предложения.' },
    autopay: { version: 1, en: 'Pulse may charge my card.', ru: 'Пульс может списывать с моей карты.' },
};

const config = {
    id: 'general',
    createdAt: '',
    studioName: 'Pulse',
    currency: 'RUB',
    timezone: 'Europe/Moscow',
    country: 'RU',
    defaultLocale: 'en',
    paymentLinkTtlHours: 72,
    expiringPassDays: 7,
    lowVisitsThreshold: 2,
    receiptTaxSystem: null,
    receiptVat: 'none',
    receiptPaymentMode: 'full_payment',
} as Config;

/** The settings page over a studio's config; the server raises a version whose words changed, as it does. */
const renderSettings = (locale: Locale, consentTexts: ConsentTexts | null) => {
    const update = vi.fn(async (_resource: string, { data }: { data: Config }) => {
        const written = data.consentTexts!;
        const kept = consentTexts ?? defaultConsentTexts;
        const raised = { ...written };
        for (const kind of ['personal_data', 'marketing', 'autopay'] as const)
            if (written[kind].en !== kept[kind].en || written[kind].ru !== kept[kind].ru)
                raised[kind] = { ...written[kind], version: kept[kind].version + 1 };
        return { data: { ...data, consentTexts: raised } };
    });
    renderScreen(<ConfigPage />, {
        dataProvider: testDataProvider({
            getOne: (async () => ({ data: { ...config, consentTexts } })) as never,
            getList: (async () => ({ data: [], total: 0 })) as never,
            getPaymentSetup: async () => null,
            getMessageSetup: async () => null,
            update: update as never,
        } as never),
        resourcesAsNamed: true,
        locale,
        path: '/configs',
    });
    return update;
};

describe('the consent texts in the settings', () => {
    it('show each kind in both languages with its version; saving sends the new words and the raised version shows', async () => {
        const update = renderSettings('en', texts);
        const section = await screen.findByRole('region', { name: 'Consents' });
        const personalData = within(section).getByRole('group', { name: 'Personal data' });
        expect(within(personalData).getByText('Version 3')).toBeTruthy();
        expect(within(personalData).getByLabelText('In English')).toHaveProperty('value', texts.personal_data.en);
        expect(within(personalData).getByLabelText('In Russian')).toHaveProperty('value', texts.personal_data.ru);
        const marketing = within(section).getByRole('group', { name: 'Offers by message' });
        expect(within(marketing).getByText('Version 2')).toBeTruthy();
        expect(within(section).getByRole('group', { name: 'Autopay' })).toBeTruthy();
        // The version is the server's: nothing to type it in.
        expect(within(section).queryByRole('spinbutton')).toBeNull();

        const words = 'Pulse may process my name, phone and e-mail.';
        fireEvent.change(within(personalData).getByLabelText('In English'), { target: { value: words } });
        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
        await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
        expect(update.mock.calls[0][1].data.consentTexts).toEqual({
            ...texts,
            personal_data: { ...texts.personal_data, en: words },
        });
        expect(await within(personalData).findByText('Version 4')).toBeTruthy();
        expect(within(marketing).getByText('Version 2')).toBeTruthy();
    });

    it('show a studio that never wrote its own the words customers are given, in Russian', async () => {
        const update = renderSettings('ru', null);
        const section = await screen.findByRole('region', { name: 'Согласия' });
        const marketing = within(section).getByRole('group', { name: 'Предложения в сообщениях' });
        expect(within(marketing).getByText('Версия 1')).toBeTruthy();
        expect(within(marketing).getByLabelText('На русском')).toHaveProperty(
            'value',
            defaultConsentTexts.marketing.ru,
        );
        expect(within(marketing).getByLabelText('На английском')).toHaveProperty(
            'value',
            defaultConsentTexts.marketing.en,
        );

        fireEvent.change(within(marketing).getByLabelText('На русском'), { target: { value: '' } });
        fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
        expect(await within(marketing).findByText('Обязательно для заполнения')).toBeTruthy();
        expect(update).not.toHaveBeenCalled();
    });
});
