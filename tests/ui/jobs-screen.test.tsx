// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ResourceContextProvider, testDataProvider } from 'react-admin';
import { formatDateTime } from '../../src/app/i18n/dates';
import { JobList } from '../../src/resources/jobs/JobList';
import { renderScreen } from '../support/screen';

/*
 * The server's jobs as an admin reads them: every job by its name in the interface's language, and a
 * job whose due time has passed said to be due now, not "next not before" a time already gone.
 */

afterEach(cleanup);

type Locale = 'en' | 'ru';

const config = { id: 'general', currency: 'RUB', timezone: 'UTC' };
const minutes = (count: number) => new Date(Date.now() + count * 60_000).toISOString();

const jobs = () => [
    {
        id: 1,
        name: 'payments',
        runAt: minutes(-15),
        lastStartedAt: minutes(-16),
        lastFinishedAt: minutes(-16),
        lastError: null,
        runs: 4,
        leaseUntil: null,
    },
    {
        id: 2,
        name: 'reminders',
        runAt: minutes(45),
        lastStartedAt: minutes(-15),
        lastFinishedAt: minutes(-15),
        lastError: null,
        runs: 9,
        leaseUntil: null,
    },
];

const renderJobs = (locale: Locale) => {
    const data = jobs();
    renderScreen(
        <ResourceContextProvider value="jobs">
            <JobList />
        </ResourceContextProvider>,
        {
            dataProvider: testDataProvider({
                getList: (async () => ({ data, total: data.length })) as never,
                getOne: (async () => ({ data: config })) as never,
            }),
            authProvider: null,
            locale,
            path: '/jobs',
        },
    );
    return data;
};

describe('the jobs screen', () => {
    it.each([
        ['en', 'Online payments', 'Due now', 'Next run'],
        ['ru', 'Онлайн-платежи', 'Запустится сейчас', 'Следующий запуск'],
    ] as const)('names every job and says a job past its time is due now (%s)', async (locale, payments, due, next) => {
        const [, reminders] = renderJobs(locale);
        const paymentsRow = (await screen.findByText(payments)).closest('tr') as HTMLElement;
        expect(within(paymentsRow).getByText(due)).toBeTruthy();
        expect(screen.getByRole('columnheader', { name: next })).toBeTruthy();
        const remindersRow = screen.getAllByRole('row')[2];
        expect(remindersRow.textContent).toContain(formatDateTime(reminders.runAt, locale, 'UTC'));
        expect(remindersRow.textContent).not.toContain(due);
        // No job is named by its code.
        expect(within(paymentsRow).queryByText('payments')).toBeNull();
    });
});
