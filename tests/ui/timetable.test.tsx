// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminContext, memoryStore, testDataProvider } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { Table, TableBody } from '@mui/material';
import type { ReactNode } from 'react';
import { englishMessages } from '../../src/app/i18n/en';
import { russianMessages } from '../../src/app/i18n/ru';
import { journalCsv } from '../../src/pages/attendanceReport/journalCsv';
import { useAttendanceExporter } from '../../src/resources/attendances/attendanceExporter';
import { useStatuses, type LabelledStatus } from '../../src/resources/common/statuses';
import { RosterRow } from '../../src/resources/events/RosterRow';
import { skipReason, skipWhen } from '../../src/resources/schedules/skips';
import type { JournalAnswer, RosterPerson } from '../../src/domain/api';
import { renderScreen } from '../support/screen';

afterEach(cleanup);

const renderIn = (ui: ReactNode, locale: 'en' | 'ru' = 'en') =>
    renderScreen(
        <Table>
            <TableBody>{ui}</TableBody>
        </Table>,
        { dataProvider: testDataProvider(), authProvider: null, locale },
    );

const buildStatus = (code: string, label: string, color: string, charges: boolean): LabelledStatus => ({
    id: code.length,
    createdAt: '2026-11-01T00:00:00.000Z',
    name: 'attendance',
    code,
    labels: { en: label },
    label,
    color,
    order: 0,
    isDefault: code === 'attended',
    charges,
});
const statuses = [
    buildStatus('attended', 'Attended', '#2E7D32', true),
    buildStatus('excused', 'Excused', '#1565C0', false),
];

const buildPerson = (fields: Partial<RosterPerson> = {}): RosterPerson => ({
    customerId: 7,
    name: 'Petrova Anna',
    member: true,
    attendance: null,
    pass: { id: 3, name: '8 занятий', endsOn: '2026-12-01', visitsLeft: 5 },
    booking: null,
    ...fields,
});

describe('a roster row', () => {
    it('marks with one click on a status and shows the visits left', () => {
        const onMark = vi.fn();
        renderIn(
            <RosterRow person={buildPerson()} statuses={statuses} disabled={false} onMark={onMark} onClear={vi.fn()} />,
        );
        expect(screen.getByText('5 visits left')).toBeTruthy();
        fireEvent.click(screen.getByRole('button', { name: 'Excused' }));
        expect(onMark).toHaveBeenCalledWith(expect.objectContaining({ customerId: 7 }), 'excused');
        expect(screen.queryByRole('button', { name: 'Remove the mark' })).toBeNull();
    });

    it('shows a debt and a walk-in in Russian, with plural forms of visits', () => {
        const attendance = {
            id: 1,
            createdAt: '',
            eventId: 1,
            customerId: 7,
            status: 'attended',
            passId: null,
            charged: false,
            unpaid: true,
            markedBy: 3,
        };
        renderIn(
            <RosterRow
                person={buildPerson({ member: false, attendance, pass: null })}
                statuses={statuses}
                disabled={false}
                onMark={vi.fn()}
                onClear={vi.fn()}
            />,
            'ru',
        );
        expect(screen.getByText('Долг')).toBeTruthy();
        expect(screen.getByText('разово')).toBeTruthy();
        expect(screen.getByText('Нет абонемента')).toBeTruthy();
        expect(screen.getByRole('button', { name: 'Attended' }).getAttribute('aria-pressed')).toBe('true');
        cleanup();
        renderIn(
            <RosterRow
                person={buildPerson({ pass: { id: 3, name: '8', endsOn: '2026-12-01', visitsLeft: 2 } })}
                statuses={statuses}
                disabled={false}
                onMark={vi.fn()}
                onClear={vi.fn()}
            />,
            'ru',
        );
        expect(screen.getByText('осталось 2 визита')).toBeTruthy();
    });
});

describe('the journal as CSV', () => {
    it('has a header of dates, a row per customer with mark labels, and the totals', () => {
        const journal: JournalAnswer = {
            schedule: { id: 1, title: 'Йога', teacherId: 3 },
            month: '2026-11',
            columns: [
                { eventId: 5, startsAt: '2026-11-02T19:00', status: 'done', visits: 1 },
                { eventId: 6, startsAt: '2026-11-09T19:00', status: 'done', visits: 0 },
            ],
            rows: [{ customerId: 7, name: 'Petrova, Anna', marks: { 5: 'attended', 6: 'excused' }, visits: 1 }],
            visits: 1,
        };
        const labels = {
            name: 'Customer',
            total: 'Total',
            mark: (code: string) => statuses.find(status => status.code === code)?.labels.en ?? code,
        };
        expect(journalCsv(journal, labels)).toBe(
            'Customer,2026-11-02 19:00,2026-11-09 19:00,Total\n"Petrova, Anna",Attended,Excused,1\nTotal,1,0,1\n',
        );
    });
});

describe('the attendances CSV', () => {
    it('names the customer, the class, its course and teacher, and the mark, in the user’s language', async () => {
        const records: Record<string, Record<number, unknown>> = {
            customers: { 7: { id: 7, firstName: 'Анна', lastName: 'Петрова' } },
            events: { 5: { id: 5, courseId: 2, teacherId: 3, startsAt: '2026-11-02T19:00' } },
            'settings/courses': { 2: { id: 2, name: 'Хатха-йога' } },
            'settings/users': { 3: { id: 3, name: 'Anna Petrova' } },
        };
        const dataProvider = testDataProvider({
            getList: (() => Promise.resolve({ data: statuses, total: statuses.length })) as never,
            getMany: ((resource: string, { ids }: { ids: number[] }) =>
                Promise.resolve({ data: ids.map(id => records[resource][id]) })) as never,
        });
        let blob: Blob | undefined;
        URL.createObjectURL = vi.fn((value: Blob) => {
            blob = value;
            return 'blob:csv';
        });
        URL.revokeObjectURL = vi.fn();
        let exporter: ReturnType<typeof useAttendanceExporter> | undefined;
        const Probe = () => {
            exporter = useAttendanceExporter();
            return <span>{useStatuses('attendance').length}</span>;
        };
        render(
            <AdminContext
                dataProvider={dataProvider}
                i18nProvider={polyglotI18nProvider(() => russianMessages, 'ru')}
                store={memoryStore()}
            >
                <Probe />
            </AdminContext>,
        );
        await screen.findByText('2');
        const attendance = {
            id: 1,
            createdAt: '',
            eventId: 5,
            customerId: 7,
            status: 'excused',
            passId: null,
            charged: false,
            unpaid: true,
            markedBy: 3,
        };
        await exporter?.(
            [attendance],
            (data, field, resource) =>
                dataProvider
                    .getMany(resource, { ids: data.map(record => record[field]) })
                    .then(({ data: found }) => Object.fromEntries(found.map(record => [record.id, record]))),
            dataProvider,
            'attendances',
        );
        const text = await (blob as Blob).text();
        expect(text.replace('\uFEFF', '').split('\n')).toEqual([
            'Клиент,Дата занятия,Курс,Преподаватель,Отметка,Визит списан,Не оплачено',
            'Петрова Анна,2026-11-02 19:00,Хатха-йога,Anna Petrova,Excused,Нет,Да',
        ]);
    });
});

describe('the reasons of skipped slots', () => {
    const translateIn = (locale: 'en' | 'ru') =>
        polyglotI18nProvider(l => (l === 'ru' ? russianMessages : englishMessages), locale).translate;
    const params = {
        date: '2027-01-04',
        time: '19:00',
        teacher: 'Anna Petrova',
        course: 'Хатха-йога',
        studio: 'Hall A',
    };

    it('names the class in the way in English and Russian', () => {
        expect(skipReason(translateIn('en'), { reason: 'teacher_clash', params })).toBe(
            'Anna Petrova teaches Хатха-йога at 19:00 in Hall A',
        );
        expect(skipReason(translateIn('ru'), { reason: 'teacher_clash', params })).toBe(
            'Anna Petrova ведёт «Хатха-йога» в 19:00 в зале «Hall A»',
        );
        expect(skipReason(translateIn('en'), { reason: 'studio_clash', params })).toBe(
            'Hall A is taken: Anna Petrova teaches Хатха-йога there at 19:00',
        );
        expect(skipReason(translateIn('en'), { reason: 'exists', params })).toBe('already exists');
        expect(skipReason(translateIn('ru'), { reason: 'exists', params })).toBe('уже есть');
    });

    it('say when the slot was in the locale, not as an ISO date', () => {
        expect(skipWhen({ date: '2027-01-04', startTime: '19:00' }, 'en')).toBe('01/04/2027 7:00 PM');
        expect(skipWhen({ date: '2027-01-04', startTime: '19:00' }, 'ru')).toBe('04.01.2027 19:00');
    });
});
