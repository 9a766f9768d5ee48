import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import {
    AutocompleteInput,
    Form,
    ReferenceInput,
    ResourceContextProvider,
    SaveButton,
    SelectInput,
    useGetList,
    useNotify,
    useRecordContext,
    useTranslate,
    type HttpError,
} from 'react-admin';
import { httpClient } from '../../app/dataProvider';
import { schemaValidator } from '../../app/forms';
import type { ApiErrorBody } from '../../domain/api';
import { membershipSchema } from '../../domain/collections/memberships';
import { paymentLinkAddress } from '../../domain/routes';
import type { StartMembershipAnswer, StartMembershipRequest } from '../../domain/api/memberships';
import type { Customer, Subscription } from '../../domain/types';
import { LinkToGive } from '../customers/LinkToGive';
import { usePlanText } from '../customers/SellPassDialog';

/*
 * "Start a membership" on the customer's card (managers and admins): the plan that renews and, when not
 * the default, who pays. The server answers the first period's payment link, which the dialog then shows
 * to copy and give the payer: its page takes the payer's consent to the charges and saves the card.
 */

/** The link as the server answers it: with the address the payer is sent (PUBLIC_URL's, or a path on this one). */
type MadeLink = StartMembershipAnswer & { url?: string };

const startMembership = async (values: Record<string, unknown>) =>
    (
        await httpClient('/api/memberships', {
            method: 'POST',
            body: JSON.stringify({
                customerId: Number(values.customerId),
                subscriptionId: Number(values.subscriptionId),
                ...(values.payerId ? { payerId: Number(values.payerId) } : {}),
            } satisfies StartMembershipRequest),
        })
    ).json as MadeLink;

/** The full address to give: the server's, on the page's own address when it answers a path. */
const addressOf = (link: MadeLink) => new URL(link.url ?? paymentLinkAddress(link.id), window.location.origin).href;

export const StartMembershipDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
    const customer = useRecordContext<Customer>();
    const translate = useTranslate();
    const notify = useNotify();
    const queryClient = useQueryClient();
    const planText = usePlanText();
    const [link, setLink] = useState<MadeLink>();
    const { data: plans = [], isPending } = useGetList<Subscription>(
        'settings/subscriptions',
        {
            filter: { autoRenew: true, active: true },
            sort: { field: 'price', order: 'ASC' },
            pagination: { page: 1, perPage: 100 },
        },
        { enabled: open },
    );
    const close = () => {
        setLink(undefined);
        onClose();
    };
    const submit = async (values: Record<string, unknown>) => {
        try {
            setLink(await startMembership(values));
        } catch (error) {
            const body = (error as HttpError).body as Partial<ApiErrorBody> | undefined;
            const [first] = Object.values(body?.errors ?? {});
            notify(first ?? body?.message ?? 'ra.notification.http_error', { type: 'error' });
            return body?.errors;
        }
        // The card's payment links show the new one.
        await queryClient.invalidateQueries({ queryKey: ['paymentLinks'] });
    };
    if (!customer) return null;
    return (
        <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
            <DialogTitle>{translate('app.memberships.start.title')}</DialogTitle>
            {link ? (
                <>
                    <DialogContent>
                        <Alert severity="success" sx={{ mb: 2 }}>
                            {translate('app.memberships.start.made')}
                        </Alert>
                        <LinkToGive url={addressOf(link)} expiresAt={link.expiresAt} texts="app.memberships.start" />
                    </DialogContent>
                    <DialogActions>
                        <Button onClick={close}>{translate('ra.action.close')}</Button>
                    </DialogActions>
                </>
            ) : (
                <ResourceContextProvider value="memberships">
                    <Form
                        noValidate
                        onSubmit={submit}
                        validate={schemaValidator(membershipSchema)}
                        defaultValues={{ customerId: customer.id, subscriptionId: null, payerId: null }}
                    >
                        <DialogContent>
                            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                                {translate('app.memberships.start.intro')}
                            </Typography>
                            {!isPending && plans.length === 0 ? (
                                <Alert severity="info">{translate('app.memberships.start.no_plans')}</Alert>
                            ) : (
                                <SelectInput
                                    source="subscriptionId"
                                    label="app.memberships.start.plan"
                                    choices={plans}
                                    optionText={planText}
                                    isPending={isPending}
                                    fullWidth
                                />
                            )}
                            <ReferenceInput source="payerId" reference="customers">
                                <AutocompleteInput
                                    label="app.memberships.start.payer"
                                    helperText="app.memberships.start.payer_help"
                                    fullWidth
                                />
                            </ReferenceInput>
                        </DialogContent>
                        <DialogActions>
                            <Button onClick={close}>{translate('ra.action.cancel')}</Button>
                            <SaveButton
                                label="app.memberships.start.create"
                                alwaysEnable
                                icon={<></>}
                                disabled={plans.length === 0}
                            />
                        </DialogActions>
                    </Form>
                </ResourceContextProvider>
            )}
        </Dialog>
    );
};
