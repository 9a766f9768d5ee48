import { Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, DateInput, List, ReferenceInput, SearchInput, SelectInput, useTranslate } from 'react-admin';
import { auditActions } from '../../domain/audit';
import { collectionNames } from '../../domain/collections';
import type { AuditEntry } from '../../domain/types';
import { addDays, instantAt, localDateAt } from '../../domain/time';
import { DateTimeField } from '../common/dates';
import { ActionField, AuditNames, ChangesField, RecordField, WhoField } from './AuditFields';
import { useHistoryExporter } from './historyExporter';
import { useStudioTimezone } from '../../app/studio';

/** On a phone the columns of a change would run off the screen: each change reads as one stacked cell. */
const usePhone = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

/** A change in one cell: when, who and what on a line, then the record and its fields. */
const StackedEntry = (_props: { label?: string }) => (
    <Stack spacing={0.5}>
        <Typography component="div" variant="caption" color="text.secondary">
            <DateTimeField source="createdAt" /> · <WhoField /> · <ActionField />
        </Typography>
        <Typography component="div" variant="body2">
            <RecordField />
        </Typography>
        <ChangesField />
    </Stack>
);

/** Every column of a change but the ones a History panel already knows. */
export const AuditColumns = ({ withRecord = true }: { withRecord?: boolean }) =>
    usePhone() ? (
        <DataTable.Col source="changes" disableSort>
            <StackedEntry />
        </DataTable.Col>
    ) : (
        <>
            <DataTable.Col source="createdAt" field={DateTimeField} sx={{ whiteSpace: 'nowrap' }} />
            <DataTable.Col source="userName">
                <WhoField />
            </DataTable.Col>
            <DataTable.Col source="action">
                <ActionField />
            </DataTable.Col>
            {withRecord && (
                <DataTable.Col source="collection">
                    <RecordField />
                </DataTable.Col>
            )}
            <DataTable.Col source="changes" disableSort>
                <ChangesField />
            </DataTable.Col>
        </>
    );

/** The period filter reads days of the studio's calendar; the trail stores instants. */
const useHistoryFilters = () => {
    const translate = useTranslate();
    const timeZone = useStudioTimezone();
    const dayStart = (day: string) => (day ? instantAt(`${day}T00:00`, timeZone) : day);
    // The last instant of the day: the next day's midnight less a millisecond (a day is not always 24 hours).
    const dayEnd = (day: string) =>
        day ? new Date(Date.parse(instantAt(`${addDays(day, 1)}T00:00`, timeZone)) - 1).toISOString() : day;
    const shownDay = (value: string | undefined) => (value ? localDateAt(value, timeZone) : '');
    return [
        <SearchInput key="q" source="q" alwaysOn />,
        <DateInput
            key="from"
            source="createdAt_gte"
            label="app.filters.from"
            parse={dayStart}
            format={shownDay}
            alwaysOn
        />,
        <DateInput key="to" source="createdAt_lte" label="app.filters.to" parse={dayEnd} format={shownDay} alwaysOn />,
        <ReferenceInput key="user" source="userId" reference="settings/users">
            <SelectInput optionText="name" label="resources.history.fields.userId" />
        </ReferenceInput>,
        <SelectInput
            key="collection"
            source="collection"
            choices={collectionNames
                // The trail itself, the outbox's deliveries and the runner's jobs are never written to it.
                .filter(name => name !== 'auditEntries' && name !== 'messages' && name !== 'jobs')
                .map(name => ({ id: name, name: translate(`app.history.collections.${name}`) }))}
        />,
        <SelectInput
            key="action"
            source="action"
            choices={auditActions.map(action => ({ id: action, name: translate(`app.history.actions.${action}`) }))}
        />,
    ];
};

/** Every change made in the studio, newest first: searched, filtered and paged by the server; admins only. */
export const HistoryList = () => (
    <List<AuditEntry>
        title="app.menu.history"
        filters={useHistoryFilters()}
        sort={{ field: 'id', order: 'DESC' }}
        exporter={useHistoryExporter()}
    >
        <AuditNames>
            <DataTable<AuditEntry> bulkActionButtons={false} rowClick={false}>
                <AuditColumns />
            </DataTable>
        </AuditNames>
    </List>
);
