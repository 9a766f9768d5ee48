// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ResourceContextProvider, testDataProvider, type GetManyParams } from 'react-admin';
import type { AuditEntry } from '../../src/domain/types';
import { deedKey } from '../../src/resources/history/auditDeeds';
import { HistoryList } from '../../src/resources/history/HistoryList';
import { renderScreen } from '../support/screen';

/*
 * The history says what was done in words, as staff would tell it ("Marked attendance", "Sold a pass"),
 * never the request it came by ("POST /api/attendances"), and names the records a booking or a mark
 * concerns, the customer and the class, with links to their pages.
 */

afterEach(cleanup);

type Locale = 'en' | 'ru';

const config = { id: 'general', currency: 'RUB', timezone: 'UTC' };

const records: Record<string, { id: number | string; [field: string]: unknown }[]> = {
    customers: [{ id: 5, firstName: 'Anna', lastName: 'Petrova' }],
    passes: [{ id: 151, customerId: 5, name: 'Yoga 8 classes' }],
    events: [{ id: 234, startsAt: '2026-08-10T07:00', title: 'Morning flow', courseId: 3 }],
};

const entry = (id: number, fields: Partial<AuditEntry>): AuditEntry => ({
    id,
    createdAt: '2026-11-25T12:00:00.000Z',
    byCustomerId: null,
    userId: 2,
    userName: 'Maria Manager',
    role: 'manager',
    endpoint: null,
    action: 'create',
    collection: 'attendances',
    recordId: '1',
    customerId: null,
    passId: null,
    eventId: null,
    before: null,
    after: null,
    ...fields,
});

const entries: AuditEntry[] = [
    entry(4, {
        collection: 'attendances',
        recordId: '901',
        endpoint: 'POST /api/attendances',
        customerId: 5,
        eventId: 234,
        after: { id: 901, customerId: 5, eventId: 234, status: 'attended' },
    }),
    entry(3, {
        collection: 'passes',
        recordId: '151',
        endpoint: 'POST /api/passes/sell',
        customerId: 5,
        passId: 151,
        after: { id: 151, customerId: 5, name: 'Yoga 8 classes' },
    }),
    entry(2, {
        collection: 'bookings',
        recordId: '77',
        endpoint: 'POST /api/bookings/77/cancel',
        action: 'update',
        customerId: 5,
        eventId: 234,
        before: { status: 'booked' },
        after: { status: 'cancelled' },
    }),
    entry(1, {
        collection: 'customers',
        recordId: '5',
        endpoint: 'PUT /api/customers/5',
        action: 'update',
        customerId: 5,
        before: { phone: null },
        after: { phone: '+7 900 000-00-00' },
    }),
];

const renderHistory = (locale: Locale) =>
    renderScreen(
        <ResourceContextProvider value="history">
            <HistoryList />
        </ResourceContextProvider>,
        {
            dataProvider: testDataProvider({
                getList: (async (resource: string) =>
                    resource === 'history'
                        ? { data: entries, total: entries.length }
                        : { data: [], total: 0 }) as never,
                getOne: (async () => ({ data: config })) as never,
                getMany: (async (resource: string, params: GetManyParams) => ({
                    data: (records[resource] ?? []).filter(record =>
                        params.ids.map(String).includes(String(record.id)),
                    ),
                })) as never,
            }),
            locale,
            path: '/history',
        },
    );

const words = {
    en: {
        deeds: ['Marked attendance', 'Sold a pass', 'Cancelled a booking', 'Changed'],
        mark: 'Mark',
        booking: 'Booking',
        class: '08/10/2026 7:00 AM · Morning flow',
    },
    ru: {
        deeds: ['Отмечено посещение', 'Продан абонемент', 'Отменена запись', 'Изменено'],
        mark: 'Отметка',
        booking: 'Запись',
        class: '10.08.2026 7:00 · Morning flow',
    },
} as const;

describe('what the history says was done', () => {
    it.each(['en', 'ru'] as const)(
        'is told in words, with the records by their names and links, never a request (%s)',
        async locale => {
            renderHistory(locale);
            const said = words[locale];
            await screen.findAllByRole('link', { name: said.class });
            const [marked, sold, cancelled, changed] = screen.getAllByRole('row').slice(1);
            [marked, sold, cancelled, changed].forEach((row, index) =>
                expect(row.textContent).toContain(said.deeds[index]),
            );
            expect(marked.textContent).toContain(`${said.mark}: Anna Petrova · ${said.class}`);
            expect(within(marked).getAllByRole('link', { name: said.class })[0].getAttribute('href')).toBe(
                '/events/234',
            );
            expect(sold.textContent).toContain('Yoga 8 classes');
            expect(cancelled.textContent).toContain(`${said.booking}: Anna Petrova · ${said.class}`);
            expect(within(cancelled).getAllByRole('link', { name: 'Anna Petrova' })[0].getAttribute('href')).toBe(
                '/customers/5',
            );
            expect(document.body.textContent).not.toMatch(/POST|PUT|\/api\/|#\d/);
        },
    );
});

describe('the words for a change', () => {
    it('come from what the request did, else from what happened to the record', () => {
        const deed = (endpoint: string | null, collection = 'passes', action: AuditEntry['action'] = 'update') =>
            deedKey({ endpoint, collection, action });
        expect(deed('POST /api/passes/151/freeze')).toBe('app.history.deeds.freeze_pass');
        expect(deed('POST /api/portal/passes/151/freeze')).toBe('app.history.deeds.freeze_pass');
        expect(deed('POST /api/public/bookings/4f9c2a7d1e/cancel', 'bookings')).toBe(
            'app.history.deeds.cancel_booking',
        );
        expect(deed('job close-classes', 'events')).toBe('app.history.deeds.job_close_classes');
        expect(deed('POST /api/customers', 'customers', 'create')).toBe('app.history.deeds.add_customer');
        expect(deed('DELETE /api/settings/studios/3', 'studios', 'delete')).toBe('app.history.actions.delete');
        expect(deed(null, 'studios', 'update')).toBe('app.history.actions.update');
    });
});
