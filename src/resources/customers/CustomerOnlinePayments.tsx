import { Chip, Tooltip, type ChipProps } from '@mui/material';
import { DataTable, ReferenceManyField, useCanAccess, useRecordContext, useTranslate } from 'react-admin';
import type { OnlinePayment } from '../../domain/types';
import { DateTimeField } from '../common/dates';
import { MoneyField } from '../common/money';
import { Empty, scrollableTable, Section } from './Section';

/*
 * The customer's payments on a provider's page (src/server/payments): each time they pressed Pay on a
 * link, and how it went. Staff see here what was given back, and why (the link was cancelled or had
 * expired when the money came), and a refund the provider refused.
 */

const chipColors: Record<OnlinePayment['status'], ChipProps['color']> = {
    creating: 'default',
    pending: 'warning',
    succeeded: 'success',
    declined: 'default',
    failed: 'default',
    refunding: 'info',
    refunded: 'info',
    refund_failed: 'error',
};

/** The attempt's state, with why it was declined or given back. */
const StateField = (_props: { label?: string }) => {
    const attempt = useRecordContext<OnlinePayment>();
    const translate = useTranslate();
    if (!attempt) return null;
    const reason = attempt.reason
        ? translate(`resources.onlinePayments.reasons.${attempt.reason}`, {
              _: translate('resources.onlinePayments.reasons.other'),
          })
        : null;
    const chip = (
        <Chip
            size="small"
            color={chipColors[attempt.status]}
            label={translate(`resources.onlinePayments.statuses.${attempt.status}`)}
        />
    );
    return reason ? (
        <Tooltip title={reason}>
            <span>
                {chip} <span style={{ marginLeft: 4 }}>{reason}</span>
            </span>
        </Tooltip>
    ) : (
        chip
    );
};

export const CustomerOnlinePayments = () => {
    const { canAccess } = useCanAccess({ resource: 'onlinePayments', action: 'list' });
    if (!canAccess) return null;
    return (
        <Section title="app.money.sections.online_payments">
            <ReferenceManyField
                reference="onlinePayments"
                target="customerId"
                sort={{ field: 'createdAt', order: 'DESC' }}
                perPage={10}
            >
                <DataTable<OnlinePayment>
                    sx={scrollableTable}
                    bulkActionButtons={false}
                    rowClick={false}
                    empty={<Empty text="app.money.empty.online_payments" />}
                >
                    <DataTable.Col source="createdAt" field={DateTimeField} />
                    <DataTable.Col source="amount" align="right">
                        <MoneyField source="amount" />
                    </DataTable.Col>
                    <DataTable.Col source="status">
                        <StateField />
                    </DataTable.Col>
                    <DataTable.Col source="provider" />
                    <DataTable.Col source="providerPaymentId" />
                    <DataTable.Col source="receiptContact" />
                </DataTable>
            </ReferenceManyField>
        </Section>
    );
};
