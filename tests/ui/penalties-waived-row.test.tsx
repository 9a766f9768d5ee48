// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RecordContextProvider, testDataProvider } from 'react-admin';
import type { Config, Penalty } from '../../src/domain/types';
import { CustomerPenalties } from '../../src/resources/customers/CustomerPenalties';
import { anna, type Locale } from '../support/forms';
import { renderScreen } from '../support/screen';

/*
 * The customer's penalties on the card say where each stands in the column of when it applies: the
 * date a pending one applies, and for the others what became of it, never a date it "will be applied".
 */

afterEach(cleanup);

const config = { id: 'general', currency: 'RUB', timezone: 'Europe/Moscow', penaltyDelayHours: 24 } as Config;

const penalty = (id: number, fields: Partial<Penalty>): Penalty => ({
    id,
    createdAt: '2026-11-27T10:00:00.000Z',
    customerId: anna.id,
    bookingId: 100 + id,
    eventId: 7,
    passId: 9,
    kind: 'late_cancel',
    action: 'visit',
    amount: null,
    status: 'pending',
    appliesAt: '2026-11-28T17:00:00.000Z',
    decidedBy: null,
    decidedAt: null,
    reason: null,
    attendanceId: null,
    paymentId: null,
    ...fields,
});

const penalties = [
    penalty(4, {}),
    penalty(3, { status: 'waived', decidedBy: 2, decidedAt: '2026-11-27T12:30:00.000Z', reason: 'Stuck in traffic' }),
    penalty(2, { status: 'applied', appliesAt: '2026-11-20T17:00:00.000Z' }),
    penalty(1, { status: 'forgiven', appliesAt: '2026-11-10T17:00:00.000Z' }),
];

const renderCard = (locale: Locale) =>
    renderScreen(
        <RecordContextProvider value={anna}>
            <CustomerPenalties />
        </RecordContextProvider>,
        {
            dataProvider: testDataProvider({
                getOne: (async () => ({ data: config })) as never,
                getMany: (async () => ({ data: [] })) as never,
                getManyReference: (async () => ({ data: penalties, total: penalties.length })) as never,
            }),
            role: 'manager',
            resourcesAsNamed: true,
            locale,
        },
    );

/** The row of the penalty whose reason or state reads `text`. */
const rowOf = async (text: string) => within((await screen.findByText(text)).closest('tr') as HTMLElement);

describe("a waived penalty's row on the card", () => {
    it('says it was waived, and when, in place of the time it would have applied', async () => {
        renderCard('en');
        const waived = await rowOf('Stuck in traffic');
        // Waived at 12:30 UTC, 15:30 in Moscow; it would have applied on the 28th.
        expect(await waived.findByText('waived 11/27/2026 3:30 PM')).toBeTruthy();
        expect(waived.queryByText(/11\/28\/2026/)).toBeNull();
        // The others: a pending one's time to apply, what became of the rest.
        expect((await rowOf('To review')).getByText('11/28/2026 8:00 PM')).toBeTruthy();
        expect((await rowOf('Applied')).getByText('applied 11/20/2026 8:00 PM')).toBeTruthy();
        expect((await rowOf('Forgiven (first in 30 days)')).getByText('not applied')).toBeTruthy();
        expect(screen.getByRole('columnheader', { name: 'Due' })).toBeTruthy();
    });

    it('speaks Russian: never "will be applied" for one that was waived', async () => {
        renderCard('ru');
        const waived = await rowOf('Stuck in traffic');
        expect(await waived.findByText('отменён 27.11.2026 15:30')).toBeTruthy();
        expect(waived.queryByText(/28\.11\.2026/)).toBeNull();
        expect((await rowOf('Применён')).getByText('применён 20.11.2026 20:00')).toBeTruthy();
        expect((await rowOf('Прощён (первый за 30 дней)')).getByText('не применяется')).toBeTruthy();
        expect(screen.queryByText('Будет применён')).toBeNull();
        expect(screen.getByRole('columnheader', { name: 'Срок' })).toBeTruthy();
    });
});
