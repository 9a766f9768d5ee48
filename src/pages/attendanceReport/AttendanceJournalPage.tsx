import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import { Alert, Box, Button, Card, CardContent, GlobalStyles, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type RefObject } from 'react';
import { HttpError, Loading, Title, useDataProvider, useGetOne, useLocaleState, useTranslate } from 'react-admin';
import { useParams, useSearchParams } from 'react-router-dom';
import type { StudioDataProvider } from '../../app/dataProvider';
import type { Schedule, Studio, User } from '../../domain/types';
import { NotFound } from '../../app/errors/NotFound';
import { useStatuses } from '../../resources/common/statuses';
import { download } from '../../app/csv';
import { journalCsv } from './journalCsv';
import { JournalTable } from './JournalTable';
import { useStudioToday } from '../../app/studio';

// On paper only the journal, on one A4 landscape sheet: no menu, no app bar, no buttons, and the table
// shrunk to the sheet's width rather than cut or scrolled.
const printStyles = (
    <GlobalStyles
        styles={{
            '@media print': {
                '.RaSidebar-fixed, .RaSidebar-root, .RaSidebar-docked, .MuiDrawer-docked, header, .MuiAppBar-root, .no-print, .RaLayout-appFrame > .MuiToolbar-root':
                    { display: 'none !important' },
                '.RaLayout-root, .RaLayout-appFrame, .RaLayout-content, .RaLayout-contentWithSidebar, main': {
                    padding: '0 !important',
                    margin: '0 !important',
                    minHeight: '0 !important',
                    minWidth: '0 !important',
                },
                '.MuiCard-root': { boxShadow: 'none !important', border: 'none !important', margin: '0 !important' },
                body: { background: '#fff !important', color: '#000 !important' },
                '[data-testid=journal-box]': {
                    overflow: 'visible !important',
                    maxHeight: 'none !important',
                    maxWidth: 'none !important',
                    width: '100% !important',
                },
                '[data-testid=journal]': { width: '100% !important', tableLayout: 'auto' },
                '[data-testid=journal] th, [data-testid=journal] td': {
                    padding: '1px 2px !important',
                    fontSize: '8px !important',
                    position: 'static !important',
                    color: '#000 !important',
                    border: '1px solid #999 !important',
                },
                '[data-testid=journal-heading]': { fontSize: '14px !important' },
            },
            // A month of classes is wider than it is tall.
            '@page': { size: 'A4 landscape', margin: '8mm' },
        }}
    />
);

/** The group's teacher and studio by name, read through the data provider: the journal names neither. */
const useScheduleNames = (id: number, enabled: boolean) => {
    const schedule = useGetOne<Schedule>('schedules', { id }, { enabled, retry: false });
    const teacherId = schedule.data?.teacherId;
    const studioId = schedule.data?.studioId;
    const teacher = useGetOne<User>(
        'settings/users',
        { id: teacherId as number },
        { enabled: teacherId != null, retry: false },
    );
    const studio = useGetOne<Studio>(
        'settings/studios',
        { id: studioId as number },
        { enabled: studioId != null, retry: false },
    );
    return { teacher: teacher.data?.name, studio: studio.data?.name };
};

// The printable area of an A4 landscape sheet with the page margins above, in CSS pixels (96 per inch).
const sheet = { width: ((297 - 16) / 25.4) * 96, height: ((210 - 16) / 25.4) * 96 };

/**
 * On paper the journal is shrunk, never cut, to fit one sheet: a month of daily classes or a large group
 * is more than a sheet holds at the print size. Measured once print styles apply, undone after.
 */
const useFitToSheet = (box: RefObject<HTMLElement | null>) => {
    useEffect(() => {
        if (typeof window.matchMedia !== 'function') return;
        const print = window.matchMedia('print');
        const fit = () => {
            const element = box.current;
            if (!element) return;
            element.style.zoom = '';
            if (!print.matches) return;
            // Above the table on paper is only the heading.
            const above = element.getBoundingClientRect().top + window.scrollY;
            const scale = Math.min(1, sheet.width / element.scrollWidth, (sheet.height - above) / element.scrollHeight);
            if (scale < 1) element.style.zoom = String(Math.floor(scale * 100) / 100);
        };
        print.addEventListener('change', fit);
        window.addEventListener('beforeprint', fit);
        window.addEventListener('afterprint', fit);
        return () => {
            print.removeEventListener('change', fit);
            window.removeEventListener('beforeprint', fit);
            window.removeEventListener('afterprint', fit);
        };
    }, [box]);
};

/** A missing group is a 404 from the server: shown at once as the not-found page, not after retries. */
const isNotFound = (error: unknown) => error instanceof HttpError && error.status === 404;

/** 'ноябрь 2026 г.', 'November 2026'. */
const monthName = (month: string, locale: string) =>
    /^\d{4}-\d{2}$/.test(month)
        ? new Intl.DateTimeFormat(locale === 'ru' ? 'ru-RU' : 'en-US', {
              month: 'long',
              year: 'numeric',
              timeZone: 'UTC',
          }).format(new Date(`${month}-01T00:00:00Z`))
        : month;

/** /reports/attendances/{id}: the journal of a group for a month (?month=YYYY-MM), to print or export. */
export const AttendanceJournalPage = () => {
    const { id } = useParams();
    const [search, setSearch] = useSearchParams();
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const dataProvider = useDataProvider<StudioDataProvider>();
    const statuses = useStatuses('attendance');
    const today = useStudioToday();
    const month = search.get('month') ?? today.slice(0, 7);
    const scheduleId = Number(id);
    const validId = Number.isInteger(scheduleId) && scheduleId > 0;
    const journal = useQuery({
        queryKey: ['journal', id, month],
        queryFn: () => dataProvider.getAttendanceJournal({ id: scheduleId, month }),
        enabled: validId && /^\d{4}-\d{2}$/.test(month),
        // A missing group stays missing: asking again only delays the answer. Other failures may pass.
        retry: (count, error) => !isNotFound(error) && count < 2,
    });
    const names = useScheduleNames(scheduleId, validId && !!journal.data);
    const tableBox = useRef<HTMLDivElement>(null);
    useFitToSheet(tableBox);
    if (!validId || isNotFound(journal.error)) return <NotFound />;
    const exportCsv = () =>
        journal.data &&
        download(
            `journal-${id}-${month}.csv`,
            journalCsv(journal.data, {
                name: translate('resources.attendances.fields.customerId'),
                total: translate('app.timetable.journal.total'),
                mark: code => statuses.find(status => status.code === code)?.label ?? code,
            }),
        );
    const title = `${translate('app.timetable.journal.title')}: ${journal.data?.schedule.title ?? ''}`;
    // Who and where, for the sheet that hangs on the studio's wall.
    const details = [
        [translate('app.reports.teacher'), names.teacher],
        [translate('app.reports.studio'), names.studio],
    ].filter((entry): entry is [string, string] => !!entry[1]);
    return (
        <Card sx={{ mt: 2, minWidth: 0 }}>
            {printStyles}
            <Title title={title} />
            <CardContent>
                <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'center' }} mb={2}>
                    <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                        <Typography variant="h5" component="h1" data-testid="journal-heading">
                            {translate('app.timetable.journal.title')}: {journal.data?.schedule.title} ·{' '}
                            {monthName(month, locale)}
                        </Typography>
                        {details.length > 0 && (
                            <Typography color="text.secondary" data-testid="journal-details">
                                {details.map(([label, value]) => `${label}: ${value}`).join(' · ')}
                            </Typography>
                        )}
                    </Box>
                    <TextField
                        className="no-print"
                        type="month"
                        size="small"
                        sx={{ width: 200, flexShrink: 0 }}
                        label={translate('app.timetable.journal.month')}
                        value={month}
                        onChange={event =>
                            event.target.value && setSearch({ month: event.target.value }, { replace: true })
                        }
                        slotProps={{ inputLabel: { shrink: true } }}
                    />
                    {/* Side by side on a phone too: stacked, they push the journal a screen down. */}
                    <Stack direction="row" spacing={1}>
                        <Button className="no-print" startIcon={<PrintOutlined />} onClick={() => window.print()}>
                            {translate('app.timetable.journal.print')}
                        </Button>
                        <Button
                            className="no-print"
                            startIcon={<DownloadOutlined />}
                            onClick={exportCsv}
                            disabled={!journal.data}
                        >
                            {translate('app.timetable.journal.csv')}
                        </Button>
                    </Stack>
                </Stack>
                {journal.isLoading && <Loading />}
                {journal.error && <Alert severity="error">{(journal.error as Error).message}</Alert>}
                {journal.data && <JournalTable journal={journal.data} statuses={statuses} boxRef={tableBox} />}
                {journal.data && !journal.data.columns.length && (
                    <Alert severity="info">{translate('app.timetable.journal.empty')}</Alert>
                )}
            </CardContent>
        </Card>
    );
};
