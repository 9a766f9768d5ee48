import {
    DataTable,
    ReferenceField,
    ReferenceManyField,
    TextField,
    useCanAccess,
    useRecordContext,
    useTranslate,
} from 'react-admin';
import type { Penalty } from '../../domain/types';
import { DateTimeField } from '../common/dates';
import { TranslatedField } from '../common/TranslatedField';
import { PenaltyCostField, PenaltyStatusChip, usePenaltyCost, WaiveButton } from '../penalties/PenaltyFields';
import { Empty, scrollableTable, Section } from './Section';

/** Waive in the row of a pending penalty, the dialog saying what is forgiven. */
const WaiveInRow = (_props: { label?: string | false }) => {
    const penalty = useRecordContext<Penalty>();
    const translate = useTranslate();
    const costOf = usePenaltyCost();
    if (!penalty) return null;
    return (
        <WaiveButton
            penalty={penalty}
            summary={`${translate(`app.penalties.kinds.${penalty.kind}`)} · ${costOf(penalty)}`}
        />
    );
};

/**
 * The customer's penalties, newest first, in every state: what for, which class, what it cost or will,
 * its state and when it applies, and Waive on a pending one. For the staff who may read penalties.
 */
export const CustomerPenalties = () => {
    const { canAccess } = useCanAccess({ resource: 'penalties', action: 'list' });
    if (!canAccess) return null;
    return (
        <Section title="app.penalties.card.title">
            <ReferenceManyField
                reference="penalties"
                target="customerId"
                sort={{ field: 'id', order: 'DESC' }}
                perPage={10}
            >
                <DataTable<Penalty>
                    sx={scrollableTable}
                    bulkActionButtons={false}
                    rowClick={false}
                    empty={<Empty text="app.penalties.card.none" />}
                >
                    <DataTable.Col source="createdAt">
                        <DateTimeField source="createdAt" />
                    </DataTable.Col>
                    <DataTable.Col source="kind">
                        <TranslatedField source="kind" prefix="app.penalties.kinds" />
                    </DataTable.Col>
                    <DataTable.Col source="eventId">
                        <ReferenceField source="eventId" reference="events" link={record => `/events/${record.id}`} />
                    </DataTable.Col>
                    <DataTable.Col source="action">
                        <PenaltyCostField />
                    </DataTable.Col>
                    <DataTable.Col source="status">
                        <PenaltyStatusChip />
                    </DataTable.Col>
                    <DataTable.Col source="appliesAt">
                        <DateTimeField source="appliesAt" />
                    </DataTable.Col>
                    <DataTable.Col source="reason">
                        <TextField source="reason" emptyText="" />
                    </DataTable.Col>
                    <DataTable.Col label={false}>
                        <WaiveInRow />
                    </DataTable.Col>
                </DataTable>
            </ReferenceManyField>
        </Section>
    );
};
