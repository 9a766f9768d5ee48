import { useState } from 'react';
import { Button, Stack, Typography } from '@mui/material';
import {
    DataTable,
    ReferenceField,
    ReferenceManyField,
    TextField,
    useCanAccess,
    useCreate,
    useNotify,
    useRecordContext,
    useTranslate,
} from 'react-admin';
import { feeOwed } from '../../domain/penalties';
import type { Penalty } from '../../domain/types';
import { DateTimeField } from '../common/dates';
import { TranslatedField } from '../common/TranslatedField';
import {
    PenaltyAppliesField,
    PenaltyCostField,
    PenaltyStatusChip,
    usePenaltyCost,
    WaiveButton,
} from '../penalties/PenaltyFields';
import { PayPenaltyDialog } from './PayPenaltyDialog';
import { Empty, scrollableTable, Section } from './Section';

/** What it costs, and for an applied fee whether it is still owed or paid. */
const CostCell = (_props: { label?: string }) => {
    const penalty = useRecordContext<Penalty>();
    const translate = useTranslate();
    if (!penalty) return null;
    const settled = penalty.status === 'applied' && penalty.action === 'fee';
    return (
        <Stack>
            <PenaltyCostField />
            {settled && (
                <Typography variant="caption" color={feeOwed(penalty) ? 'error' : 'text.secondary'}>
                    {translate(feeOwed(penalty) ? 'app.penalties.pay.owed' : 'app.penalties.pay.paid')}
                </Typography>
            )}
        </Stack>
    );
};

/**
 * A payment link for a fee owed, to pay it online: made at once (its amount is the fee), then found with
 * the customer's other links, where it is copied and sent.
 */
const FeeLinkButton = ({ penalty }: { penalty: Penalty }) => {
    const translate = useTranslate();
    const notify = useNotify();
    const [create, { isPending }] = useCreate();
    const { canAccess } = useCanAccess({ resource: 'paymentLinks', action: 'create' });
    if (!canAccess) return null;
    const makeLink = () =>
        create(
            'paymentLinks',
            { data: { purpose: 'fee', customerId: penalty.customerId, penaltyId: penalty.id } },
            {
                onSuccess: () => notify('app.money.notifications.link_created', { type: 'info' }),
                onError: error => notify(error instanceof Error ? error.message : String(error), { type: 'error' }),
            },
        );
    return (
        <Button size="small" sx={{ whiteSpace: 'nowrap' }} disabled={isPending} onClick={makeLink}>
            {translate('app.penalties.link.action')}
        </Button>
    );
};

/** Waive on a pending penalty, the dialog saying what is forgiven; Take payment or a payment link on a fee owed. */
const RowActions = ({ onPay }: { label?: string | false; onPay: (penalty: Penalty) => void }) => {
    const penalty = useRecordContext<Penalty>();
    const translate = useTranslate();
    const costOf = usePenaltyCost();
    const { canAccess: takesPayments } = useCanAccess({ resource: 'payments', action: 'create' });
    if (!penalty) return null;
    if (feeOwed(penalty))
        return takesPayments ? (
            <Stack direction="row" spacing={1}>
                <Button
                    size="small"
                    color="error"
                    variant="outlined"
                    sx={{ whiteSpace: 'nowrap' }}
                    onClick={() => onPay(penalty)}
                >
                    {translate('app.penalties.pay.action')}
                </Button>
                <FeeLinkButton penalty={penalty} />
            </Stack>
        ) : null;
    return (
        <WaiveButton
            penalty={penalty}
            summary={`${translate(`app.penalties.kinds.${penalty.kind}`)} · ${costOf(penalty)}`}
        />
    );
};

/**
 * The customer's penalties, newest first, in every state: what for, which class, what it cost or will,
 * its state and when it applies, Waive on a pending one and Take payment on a fee owed. For the staff
 * who may read penalties.
 */
export const CustomerPenalties = () => {
    const { canAccess } = useCanAccess({ resource: 'penalties', action: 'list' });
    const [paying, setPaying] = useState<Penalty | null>(null);
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
                        <CostCell />
                    </DataTable.Col>
                    <DataTable.Col source="status">
                        <PenaltyStatusChip />
                    </DataTable.Col>
                    <DataTable.Col source="appliesAt">
                        <PenaltyAppliesField />
                    </DataTable.Col>
                    <DataTable.Col source="reason">
                        <TextField source="reason" emptyText="" />
                    </DataTable.Col>
                    <DataTable.Col label={false}>
                        <RowActions onPay={setPaying} />
                    </DataTable.Col>
                </DataTable>
            </ReferenceManyField>
            {paying && <PayPenaltyDialog penalty={paying} onClose={() => setPaying(null)} />}
        </Section>
    );
};
