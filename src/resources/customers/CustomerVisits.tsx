import { Button, Chip, Stack } from '@mui/material';
import { DataTable, Pagination, ReferenceField, ReferenceManyField, useRecordContext, useTranslate } from 'react-admin';
import type { Attendance } from '../../domain/types';
import { StatusChip } from '../common/statuses';
import { Empty, scrollableTable, Section } from './Section';
import { useSettleVisit } from './SettleDebtsDialog';

const UnpaidField = (_props: { label?: string }) => {
    const visit = useRecordContext<Attendance>();
    const translate = useTranslate();
    const { allowed, busy, settle } = useSettleVisit();
    if (!visit?.unpaid) return null;
    return (
        <Stack direction="row" spacing={1} alignItems="center">
            <Chip size="small" color="error" label={translate('app.money.unpaid')} />
            {allowed && (
                <Button size="small" variant="outlined" disabled={busy} onClick={() => settle(visit)}>
                    {translate('app.money.actions.settle')}
                </Button>
            )}
        </Stack>
    );
};

/** Every visit marked for the customer, with the pass it used; unpaid ones stand out as debts, to be settled. */
export const CustomerVisits = () => (
    <Section title="app.money.sections.visits">
        <ReferenceManyField
            reference="attendances"
            target="customerId"
            sort={{ field: 'id', order: 'DESC' }}
            perPage={10}
            pagination={<Pagination rowsPerPageOptions={[10, 25, 50]} />}
        >
            <DataTable<Attendance>
                sx={scrollableTable}
                bulkActionButtons={false}
                rowClick={false}
                empty={<Empty text="app.money.empty.visits" />}
                // The design's error colour, faint: a debt stands out in light and dark themes alike.
                rowSx={visit => (visit.unpaid ? { bgcolor: 'rgba(250, 137, 107, 0.14)' } : {})}
            >
                <DataTable.Col source="eventId">
                    <ReferenceField source="eventId" reference="events" link="edit" />
                </DataTable.Col>
                <DataTable.Col source="status">
                    <StatusChip list="attendance" />
                </DataTable.Col>
                <DataTable.Col source="passId">
                    <ReferenceField source="passId" reference="passes" link={false} emptyText="—" />
                </DataTable.Col>
                <DataTable.Col source="unpaid">
                    <UnpaidField />
                </DataTable.Col>
            </DataTable>
        </ReferenceManyField>
    </Section>
);
