import { useState } from 'react';
import {
    Button,
    Chip,
    Dialog,
    DialogActions,
    DialogContent,
    DialogContentText,
    DialogTitle,
    Stack,
    TextField,
} from '@mui/material';
import {
    DataTable,
    Pagination,
    ReferenceField,
    ReferenceManyField,
    useDataProvider,
    useGetOne,
    useLocaleState,
    useNotify,
    useRecordContext,
    useRefresh,
    useTranslate,
} from 'react-admin';
import type { StudioDataProvider } from '../../app/dataProvider';
import { paymentLinkAddress } from '../../domain/routes';
import type { Pass, PaymentLink } from '../../domain/types';
import { DateTimeField } from '../common/dates';
import { MoneyField } from '../common/money';
import { formatZonedDateTime } from '../../app/i18n/dates';
import { PaymentLinkDialog } from './PaymentLinkDialog';
import { Empty, scrollableTable, Section } from './Section';
import { useErased } from './erased';
import type { ApiErrorBody } from '../../domain/api';
import { useStudioConfig } from '../../app/studio';

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
    return (
        <Chip
            size="small"
            color={statusColors[link.status]}
            label={translate(`resources.paymentLinks.statuses.${link.status}`)}
        />
    );
};

/** The expiry in the studio's time with the zone named, as the customer reads it on the payment page. */
const ExpiresField = (_props: { label?: string }) => {
    const link = useRecordContext<PaymentLink>();
    const [locale] = useLocaleState();
    const timeZone = useStudioConfig()?.timezone;
    if (!link?.expiresAt || !timeZone) return null;
    return <span style={{ whiteSpace: 'nowrap' }}>{formatZonedDateTime(link.expiresAt, locale, timeZone)}</span>;
};

/** A link as the server answers it: with the address the customer is sent (PUBLIC_URL's, or a path on this one). */
type LinkRow = PaymentLink & { url?: string };

/** The full address the customer receives: the server's answer, on the page's own address when it is a path. */
const addressOf = (link: LinkRow) => new URL(link.url ?? paymentLinkAddress(link.id), window.location.origin).href;

/** What the link pays: the plan it sells, the rest of a pass, or a penalty's fee. */
const PaysForField = (_props: { label?: string }) => {
    const link = useRecordContext<PaymentLink>();
    const translate = useTranslate();
    const { data: pass } = useGetOne<Pass>(
        'passes',
        { id: link?.passId ?? 0 },
        { enabled: link?.purpose === 'balance' },
    );
    if (!link) return null;
    if (link.purpose === 'balance') return <span>{translate('app.money.rest_for', { name: pass?.name ?? '' })}</span>;
    if (link.purpose === 'fee') return <span>{translate('app.penalties.link.pays')}</span>;
    return <ReferenceField source="subscriptionId" reference="settings/subscriptions" link={false} />;
};

const CopyByHandDialog = ({ url, open, onClose }: { url: string; open: boolean; onClose: () => void }) => {
    const translate = useTranslate();
    return (
        <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
            <DialogTitle>{translate('app.money.copy_fallback.title')}</DialogTitle>
            <DialogContent>
                <DialogContentText sx={{ mb: 2 }}>{translate('app.money.copy_fallback.hint')}</DialogContentText>
                <TextField
                    value={url}
                    fullWidth
                    autoFocus
                    slotProps={{
                        htmlInput: { readOnly: true, 'aria-label': translate('app.money.copy_fallback.title') },
                    }}
                    onFocus={event => event.target.select()}
                />
            </DialogContent>
            <DialogActions>
                <Button onClick={onClose}>{translate('ra.action.close')}</Button>
            </DialogActions>
        </Dialog>
    );
};

const LinkActions = (_props: { label?: string }) => {
    const link = useRecordContext<LinkRow>();
    const translate = useTranslate();
    const notify = useNotify();
    const refresh = useRefresh();
    const dataProvider = useDataProvider<StudioDataProvider>();
    const [manualCopy, setManualCopy] = useState(false);
    if (!link) return null;
    const url = addressOf(link);
    // Browsers give no clipboard to a page served over plain http: then the link is shown to copy by hand.
    const copy = () =>
        (navigator.clipboard?.writeText(url) ?? Promise.reject(new Error('no clipboard'))).then(
            () => notify('app.money.notifications.link_copied', { type: 'info' }),
            () => setManualCopy(true),
        );
    const cancel = () =>
        dataProvider.cancelPaymentLink({ id: link.id }).then(
            () => {
                notify('app.money.notifications.link_cancelled', { type: 'success' });
                refresh();
            },
            (error: { body?: Partial<ApiErrorBody> }) =>
                notify(error.body?.errors?.status ?? 'ra.notification.http_error', { type: 'error' }),
        );
    return (
        <Stack direction="row" spacing={0.5} justifyContent="flex-end">
            <Button size="small" onClick={copy}>
                {translate('app.money.actions.copy_link')}
            </Button>
            <Button size="small" href={url} target="_blank" rel="noopener">
                {translate('app.money.actions.open_link')}
            </Button>
            {link.status === 'pending' && (
                <Button size="small" color="error" onClick={cancel}>
                    {translate('app.money.actions.cancel_link')}
                </Button>
            )}
            <CopyByHandDialog url={url} open={manualCopy} onClose={() => setManualCopy(false)} />
        </Stack>
    );
};

/** Links sent to the customer to pay online; the server reports a link past its expiry as expired. */
export const CustomerLinks = () => {
    const translate = useTranslate();
    const [open, setOpen] = useState(false);
    // An erased card is sent nothing to pay.
    const erased = useErased();
    return (
        <Section
            title="app.money.sections.links"
            actions={
                !erased && (
                    <Button variant="outlined" onClick={() => setOpen(true)}>
                        {translate('app.money.actions.create_link')}
                    </Button>
                )
            }
        >
            <ReferenceManyField
                reference="paymentLinks"
                target="customerId"
                sort={{ field: 'createdAt', order: 'DESC' }}
                perPage={10}
                pagination={<Pagination rowsPerPageOptions={[10, 25, 50]} />}
            >
                <DataTable<PaymentLink>
                    sx={scrollableTable}
                    bulkActionButtons={false}
                    rowClick={false}
                    empty={<Empty text="app.money.empty.links" />}
                >
                    <DataTable.Col source="createdAt" field={DateTimeField} />
                    <DataTable.Col source="subscriptionId">
                        <PaysForField />
                    </DataTable.Col>
                    <DataTable.Col source="amount" align="right">
                        <MoneyField source="amount" />
                    </DataTable.Col>
                    <DataTable.Col source="status">
                        <LinkStatusField />
                    </DataTable.Col>
                    <DataTable.Col source="expiresAt">
                        <ExpiresField />
                    </DataTable.Col>
                    <DataTable.Col label=" " disableSort>
                        <LinkActions />
                    </DataTable.Col>
                </DataTable>
            </ReferenceManyField>
            <PaymentLinkDialog open={open} onClose={() => setOpen(false)} />
        </Section>
    );
};
