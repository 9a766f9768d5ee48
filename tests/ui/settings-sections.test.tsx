// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testDataProvider } from 'react-admin';
import type { Config } from '../../src/domain/types';
import { ConfigPage } from '../../src/resources/configs/ConfigPage';
import { renderScreen, type Locale } from '../support/screen';

/*
 * The studio's settings in sections an admin can find their way in (the studio, classes and booking,
 * messages, payments and receipts, penalties, passes), and quiet hours picked as two times, saved as the
 * 'HH:MM-HH:MM' the server checks, or none.
 */

afterEach(cleanup);

const config: Config = {
    id: 'general',
    createdAt: '',
    studioName: 'Studio Pulse',
    currency: 'RUB',
    timezone: 'Europe/Moscow',
    country: 'RU',
    defaultLocale: 'en',
    paymentLinkTtlHours: 72,
    expiringPassDays: 7,
    lowVisitsThreshold: 2,
    teacherEditDays: 2,
    autoCloseHours: 12,
    bookingOpensDays: 14,
    bookingClosesMinutes: 0,
    lateCancelHours: 12,
    maxWaitlists: 3,
    quietHours: '22:00-09:00',
    reminders: true,
    staffBookingNotices: true,
    membershipGraceDays: 3,
    closures: [],
    penaltyDelayHours: 24,
    receiptTaxSystem: null,
    receiptVat: 'none',
    receiptPaymentMode: 'full_payment',
};

const renderSettings = (locale: Locale) => {
    const update = vi.fn(async (_resource: string, { data }: { data: unknown }) => ({ data }) as never);
    renderScreen(<ConfigPage />, {
        dataProvider: testDataProvider({
            getOne: (async () => ({ data: config })) as never,
            getList: (async () => ({ data: [], total: 0 })) as never,
            getPaymentSetup: async () => null,
            getMessageSetup: async () => null,
            update,
        } as never),
        resourcesAsNamed: true,
        locale,
        path: '/configs',
    });
    return update;
};

const words = {
    en: {
        sections: {
            'The studio': ['Studio name', 'Time zone', 'Default language'],
            'Classes and booking': ['Booking opens, days before the class', 'A cancel is late, hours before the class'],
            Messages: ['Remind customers 2 hours before the free cancel ends'],
            'Payments and receipts': ['Payment links are valid for, hours', 'VAT of the classes'],
            Penalties: ['Hours to waive a penalty before it applies'],
            'Passes on the dashboard': ['Warn about passes expiring within, days'],
        },
        from: 'Quiet hours from',
        to: 'Quiet hours until',
        on: 'Quiet hours',
        save: 'Save',
    },
    ru: {
        sections: {
            Студия: ['Название студии', 'Часовой пояс', 'Язык по умолчанию'],
            'Занятия и запись': ['Запись открывается, дней до занятия', 'Отмена считается поздней, часов до занятия'],
            Сообщения: ['Напоминать клиентам за 2 часа до конца бесплатной отмены'],
            'Оплата и чеки': ['Срок действия ссылки на оплату, часов', 'НДС занятий'],
            Штрафы: ['Часов на отмену штрафа, пока он не применён'],
            'Абонементы на главной': ['Предупреждать об окончании абонемента за, дней'],
        },
        from: 'Тихие часы с',
        to: 'Тихие часы до',
        on: 'Тихие часы',
        save: 'Сохранить',
    },
} as const;

describe('the settings page', () => {
    it.each(['en', 'ru'] as const)('groups the settings in named sections (%s)', async locale => {
        renderSettings(locale);
        await screen.findByDisplayValue('Studio Pulse');
        for (const [title, fields] of Object.entries(words[locale].sections)) {
            const section = screen.getByRole('region', { name: title });
            // A select is named by its label, though no <label> points at it.
            for (const field of fields)
                expect(
                    within(section).queryByLabelText(field) ?? within(section).getByRole('combobox', { name: field }),
                ).toBeTruthy();
        }
        const messages = screen.getByRole('region', { name: Object.keys(words[locale].sections)[2] });
        expect(within(messages).getByLabelText(words[locale].from)).toBeTruthy();
    });

    it.each(['en', 'ru'] as const)(
        'picks quiet hours as two times and saves them as the server reads them, or none (%s)',
        async locale => {
            const said = words[locale];
            const update = renderSettings(locale);
            await screen.findByDisplayValue('Studio Pulse');
            const from = screen.getByLabelText(said.from) as HTMLInputElement;
            const to = screen.getByLabelText(said.to) as HTMLInputElement;
            expect([from.type, from.value, to.type, to.value]).toEqual(['time', '22:00', 'time', '09:00']);
            fireEvent.change(from, { target: { value: '23:30' } });
            fireEvent.change(to, { target: { value: '08:15' } });
            fireEvent.click(screen.getByRole('button', { name: said.save }));
            await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
            expect((update.mock.calls[0][1].data as Config).quietHours).toBe('23:30-08:15');

            fireEvent.click(screen.getByRole('switch', { name: said.on }));
            await waitFor(() => expect(screen.queryByLabelText(said.from)).toBeNull());
            fireEvent.click(screen.getByRole('button', { name: said.save }));
            await waitFor(() => expect(update).toHaveBeenCalledTimes(2));
            expect((update.mock.calls[1][1].data as Config).quietHours).toBeNull();
        },
    );
});
