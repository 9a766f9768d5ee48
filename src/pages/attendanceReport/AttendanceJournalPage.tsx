import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import { Alert, Button, Card, CardContent, GlobalStyles, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Loading, Title, useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { useParams, useSearchParams } from 'react-router-dom';
import type { StudioDataProvider } from '../../app/dataProvider';
import { studioToday } from '../../domain/time';
import { useStudioConfig } from '../../resources/common/money';
import { useStatuses } from '../../resources/common/statuses';
import { download, journalCsv } from './journalCsv';
import { JournalTable } from './JournalTable';

// On paper only the journal: no menu, no app bar, no buttons.
const printStyles = (
    <GlobalStyles
        styles={{
            '@media print': {
                '.RaSidebar-fixed, .RaSidebar-root, .RaSidebar-docked, .MuiDrawer-docked, header, .MuiAppBar-root, .no-print': { display: 'none !important' },
                '.RaLayout-content, .RaLayout-contentWithSidebar, main': { padding: '0 !important', margin: '0 !important' },
                '.MuiCard-root': { boxShadow: 'none !important', border: 'none !important' },
                body: { background: '#fff !important', color: '#000 !important' },
                '[data-testid=journal] th, [data-testid=journal] td': { padding: '2px 4px !important', fontSize: '10px !important' },
            },
            // A month of classes is wider than it is tall.
            '@page': { size: 'A4 landscape', margin: '10mm' },
        }}
    />
);

/** 'ноябрь 2026 г.', 'November 2026'. */
const monthName = (month: string, locale: string) =>
    /^\d{4}-\d{2}$/.test(month)
        ? new Intl.DateTimeFormat(locale === 'ru' ? 'ru-RU' : 'en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`))
        : month;

/** /reports/attendances/{id}: the journal of a group for a month (?month=YYYY-MM), to print or export. */
export const AttendanceJournalPage = () => {
    const { id } = useParams();
    const [search, setSearch] = useSearchParams();
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const dataProvider = useDataProvider<StudioDataProvider>();
    const statuses = useStatuses('attendance');
    const today = studioToday(useStudioConfig()?.timezone ?? 'Europe/Moscow');
    const month = search.get('month') ?? today.slice(0, 7);
    const journal = useQuery({
        queryKey: ['journal', id, month],
        queryFn: () => dataProvider.getAttendanceJournal({ id: Number(id), month }),
        enabled: /^\d{4}-\d{2}$/.test(month),
    });
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
    return (
        <Card sx={{ mt: 2 }}>
            {printStyles}
            <Title title={title} />
            <CardContent>
                <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'center' }} mb={2}>
                    <Typography variant="h5" component="h1">
                        {journal.data?.schedule.title} · {monthName(month, locale)}
                    </Typography>
                    <TextField
                        className="no-print"
                        type="month"
                        size="small"
                        sx={{ width: 200 }}
                        label={translate('app.timetable.journal.month')}
                        value={month}
                        onChange={event => event.target.value && setSearch({ month: event.target.value }, { replace: true })}
                        slotProps={{ inputLabel: { shrink: true } }}
                    />
                    <Button className="no-print" startIcon={<PrintOutlined />} onClick={() => window.print()}>
                        {translate('app.timetable.journal.print')}
                    </Button>
                    <Button className="no-print" startIcon={<DownloadOutlined />} onClick={exportCsv} disabled={!journal.data}>
                        {translate('app.timetable.journal.csv')}
                    </Button>
                </Stack>
                {journal.isLoading && <Loading />}
                {journal.error && <Alert severity="error">{(journal.error as Error).message}</Alert>}
                {journal.data && <JournalTable journal={journal.data} statuses={statuses} />}
                {journal.data && !journal.data.columns.length && <Alert severity="info">{translate('app.timetable.journal.empty')}</Alert>}
            </CardContent>
        </Card>
    );
};
