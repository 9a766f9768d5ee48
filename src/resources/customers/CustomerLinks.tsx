import { useState } from 'react';
import { Button, Chip, Stack } from '@mui/material';
import { DataTable, Pagination, ReferenceField, ReferenceManyField, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { StudioDataProvider } from '../../app/dataProvider';
import type { PaymentLink } from '../../domain/types';
import { DateTimeField } from '../common/dates';
import { MoneyField } from '../common/money';
import { PaymentLinkDialog } from './PaymentLinkDialog';
import { Empty, Section } from './Section';

const statusColors: Record<PaymentLink['status'], 'warning' | 'success' | 'default' | 'error'> = {
    pending: 'warning',
    paid: 'success',
    expired: 'default',
    cancelled: 'error',
};

const LinkStatusField = (_props: { label?: string }) => {
    const link = useRecordContext<PaymentLink>();
    const translate = useTranslate();
    if (!link) return null;
    return <Chip size="small" color={statusColors[link.status]} label={translate(`resources.paymentLinks.statuses.${link.status}`)} />;
};

export const publicLinkPath = (id: string) => `/payments/link/${encodeURIComponent(id)}`;

const LinkActions = (_props: { label?: string }) => {
    const link = useRecordContext<PaymentLink>();
    const translate = useTranslate();
    const notify = useNotify();
    const refresh = useRefresh();
    const dataProvider = useDataProvider<StudioDataProvider>();
    if (!link) return null;
    const url = `${window.location.origin}${publicLinkPath(link.id)}`;
    const copy = () =>
        navigator.clipboard.writeText(url).then(
            () => notify('app.money.notifications.link_copied', { type: 'info' }),
            // Without clipboard access (an http address), show the link so that it can be copied by hand.
            () => notify(url, { type: 'info', autoHideDuration: 15_000 }),
        );
    const cancel = () =>
        dataProvider.cancelPaymentLink({ id: link.id }).then(
            () => {
                notify('app.money.notifications.link_cancelled', { type: 'success' });
                refresh();
            },
            (error: { body?: { errors?: Record<string, string> } }) => notify(error.body?.errors?.status ?? 'ra.notification.http_error', { type: 'error' }),
        );
    return (
        <Stack direction="row" spacing={0.5} justifyContent="flex-end">
            <Button size="small" onClick={copy}>
                {translate('app.money.actions.copy_link')}
            </Button>
            <Button size="small" href={publicLinkPath(link.id)} target="_blank" rel="noopener">
                {translate('app.money.actions.open_link')}
            </Button>
            {link.status === 'pending' && (
                <Button size="small" color="error" onClick={cancel}>
                    {translate('app.money.actions.cancel_link')}
                </Button>
            )}
        </Stack>
    );
};

/** Links sent to the customer to pay online; the server reports a link past its expiry as expired. */
export const CustomerLinks = () => {
    const translate = useTranslate();
    const [open, setOpen] = useState(false);
    return (
        <Section
            title="app.money.sections.links"
            actions={
                <Button variant="outlined" onClick={() => setOpen(true)}>
                    {translate('app.money.actions.create_link')}
                </Button>
            }
        >
            <ReferenceManyField reference="paymentLinks" target="customerId" sort={{ field: 'createdAt', order: 'DESC' }} perPage={10} pagination={<Pagination rowsPerPageOptions={[10, 25, 50]} />}>
                <DataTable<PaymentLink> bulkActionButtons={false} rowClick={false} empty={<Empty text="app.money.empty.links" />}>
                    <DataTable.Col source="createdAt" field={DateTimeField} />
                    <DataTable.Col source="subscriptionId">
                        <ReferenceField source="subscriptionId" reference="settings/subscriptions" link={false} />
                    </DataTable.Col>
                    <DataTable.Col source="amount" align="right">
                        <MoneyField source="amount" />
                    </DataTable.Col>
                    <DataTable.Col source="status">
                        <LinkStatusField />
                    </DataTable.Col>
                    <DataTable.Col source="expiresAt" field={DateTimeField} />
                    <DataTable.Col label=" " disableSort>
                        <LinkActions />
                    </DataTable.Col>
                </DataTable>
            </ReferenceManyField>
            <PaymentLinkDialog open={open} onClose={() => setOpen(false)} />
        </Section>
    );
};
