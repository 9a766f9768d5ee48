import { useState } from 'react';
import { Button, Stack } from '@mui/material';
import {
    DataTable,
    Pagination,
    ReferenceManyField,
    TextField,
    useCanAccess,
    useGetOne,
    useRecordContext,
    useTranslate,
} from 'react-admin';
import { canFreeze, canUnfreeze } from '../../domain/freezes';
import type { Pass, Subscription } from '../../domain/types';
import { DateField } from '../common/dates';
import { PassHistoryDialog } from '../history/PassHistoryDialog';
import { MoneyField } from '../common/money';
import { FreezeDialog, UnfreezeDialog } from './FreezeDialogs';
import { PassBalanceField, PassStateField, VisitsLeftField, type PassRow } from './PassFields';
import { PayRestDialog } from './PayRestDialog';
import { BalanceLinkDialog } from './PaymentLinkDialog';
import { RefundDialog } from './RefundDialog';
import { Empty, scrollableTable, Section } from './Section';
import { SellPassDialog } from './SellPassDialog';
import { SettleDebtsDialog } from './SettleDebtsDialog';
import { useErased } from './erased';
import { useStudioToday } from '../../app/studio';

type Action =
    | { kind: 'sell' }
    | { kind: 'refund'; pass?: Pass }
    | { kind: 'freeze' | 'unfreeze' | 'history' | 'pay' | 'link'; pass: PassRow };

const PassActions = ({ onAction }: { onAction: (action: Action) => void }) => {
    const pass = useRecordContext<PassRow>();
    const translate = useTranslate();
    const today = useStudioToday();
    const { canAccess: readsHistory } = useCanAccess({ resource: 'history', action: 'list' });
    const { canAccess: canLink } = useCanAccess({ resource: 'paymentLinks', action: 'create' });
    // The plan says how many days a pass may be frozen (none: never).
    const { data: plan } = useGetOne<Subscription>(
        'settings/subscriptions',
        { id: pass?.subscriptionId },
        { enabled: !!pass },
    );
    if (!pass) return null;
    // The buttons stack when the card is narrow, so that they stay in view on a 1024px screen.
    return (
        <Stack direction="row" flexWrap="wrap" useFlexGap spacing={0.5} justifyContent="flex-end">
            {!!plan && canFreeze(pass, plan.freezeDays, today) && (
                <Button size="small" onClick={() => onAction({ kind: 'freeze', pass })}>
                    {translate('app.money.actions.freeze')}
                </Button>
            )}
            {canUnfreeze(pass, today) && (
                <Button size="small" onClick={() => onAction({ kind: 'unfreeze', pass })}>
                    {translate('app.money.actions.unfreeze')}
                </Button>
            )}
            {!pass.cancelled && !!pass.balanceDue && (
                <>
                    <Button
                        size="small"
                        color="error"
                        variant="outlined"
                        onClick={() => onAction({ kind: 'pay', pass })}
                    >
                        {translate('app.money.actions.pay_rest')}
                    </Button>
                    {canLink && (
                        <Button size="small" color="error" onClick={() => onAction({ kind: 'link', pass })}>
                            {translate('app.money.actions.pay_rest_online')}
                        </Button>
                    )}
                </>
            )}
            {!pass.cancelled && (
                <Button size="small" color="warning" onClick={() => onAction({ kind: 'refund', pass })}>
                    {translate('app.money.actions.refund')}
                </Button>
            )}
            {readsHistory && (
                <Button size="small" color="inherit" onClick={() => onAction({ kind: 'history', pass })}>
                    {translate('app.history.open')}
                </Button>
            )}
        </Stack>
    );
};

/**
 * The price, and beneath it why it is lower than the plan's (a discount's reason, or "carried over" for
 * a pass imported from another system), and what was paid and is still due when it was paid in part.
 */
const PriceField = (_props: { label?: string }) => (
    <Stack alignItems="flex-end">
        <MoneyField source="price" />
        <TextField source="discountReason" variant="caption" color="text.secondary" emptyText="" />
        <PassBalanceField />
    </Stack>
);

/**
 * The customer's passes with their state today, what is still due on them, and the actions on them.
 * A pass just sold or unfrozen is offered to settle the visits marked without a pass that it covers.
 */
export const CustomerPasses = () => {
    const translate = useTranslate();
    const [action, setAction] = useState<Action | null>(null);
    // Apart from `action`: the dialog that sold or unfroze the pass closes itself after telling it.
    const [settleWith, setSettleWith] = useState<Pass | null>(null);
    const close = () => setAction(null);
    // An erased card sells nothing more.
    const erased = useErased();
    return (
        <Section
            title="app.money.sections.passes"
            actions={
                <>
                    {!erased && (
                        <Button variant="contained" onClick={() => setAction({ kind: 'sell' })}>
                            {translate('app.money.actions.sell')}
                        </Button>
                    )}
                    <Button variant="outlined" color="warning" onClick={() => setAction({ kind: 'refund' })}>
                        {translate('app.money.actions.refund')}
                    </Button>
                </>
            }
        >
            <ReferenceManyField
                reference="passes"
                target="customerId"
                sort={{ field: 'startsOn', order: 'DESC' }}
                perPage={10}
                pagination={<Pagination rowsPerPageOptions={[10, 25, 50]} />}
            >
                <DataTable<Pass>
                    sx={scrollableTable}
                    bulkActionButtons={false}
                    rowClick={false}
                    empty={<Empty text="app.money.empty.passes" />}
                >
                    <DataTable.Col source="name" />
                    <DataTable.Col source="state" disableSort>
                        <PassStateField />
                    </DataTable.Col>
                    <DataTable.Col source="visitsLeft" disableSort>
                        <VisitsLeftField />
                    </DataTable.Col>
                    <DataTable.Col source="startsOn" field={DateField} sx={{ whiteSpace: 'nowrap' }} />
                    <DataTable.Col source="endsOn" field={DateField} sx={{ whiteSpace: 'nowrap' }} />
                    <DataTable.Col source="price" align="right">
                        <PriceField />
                    </DataTable.Col>
                    <DataTable.Col label=" " disableSort>
                        <PassActions onAction={setAction} />
                    </DataTable.Col>
                </DataTable>
            </ReferenceManyField>
            <SellPassDialog open={action?.kind === 'sell'} onClose={close} onSold={setSettleWith} />
            <RefundDialog
                open={action?.kind === 'refund'}
                pass={action?.kind === 'refund' ? action.pass : undefined}
                onClose={close}
            />
            {action?.kind === 'freeze' && <FreezeDialog open pass={action.pass} onClose={close} />}
            {action?.kind === 'unfreeze' && (
                <UnfreezeDialog open pass={action.pass} onClose={close} onUnfrozen={setSettleWith} />
            )}
            {action?.kind === 'pay' && <PayRestDialog pass={action.pass} onClose={close} />}
            {action?.kind === 'link' && <BalanceLinkDialog pass={action.pass} onClose={close} />}
            {settleWith && (
                <SettleDebtsDialog key={settleWith.id} pass={settleWith} onClose={() => setSettleWith(null)} />
            )}
            {action?.kind === 'history' && <PassHistoryDialog pass={action.pass} onClose={close} />}
        </Section>
    );
};
