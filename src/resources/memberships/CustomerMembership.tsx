import { useState } from 'react';
import { isErased } from '../../domain/privacy';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import {
    RecordContextProvider,
    ResourceContextProvider,
    useCanAccess,
    useGetList,
    useRecordContext,
    useTranslate,
} from 'react-admin';
import type { Customer } from '../../domain/types';
import { Empty, Section } from '../customers/Section';
import { MembershipActions } from './MembershipActions';
import { MembershipCharges } from './MembershipCharges';
import { MembershipStatus } from './MembershipFields';
import { MembershipLines } from './MembershipLines';
import { StartMembershipDialog } from './StartMembershipDialog';
import type { MembershipListRecord as ListedMembership } from '../../domain/api/memberships';

/*
 * The customer's card's Membership section (managers and admins): each membership they attend or pay
 * for, running ones first: its plan and price, its state, who pays, the period, the next charge, the
 * card, Cancel or Resume, and its charges; and "Start a membership", which makes the first period's link.
 */

const shown = 20;

const order = (a: ListedMembership, b: ListedMembership) =>
    Number(a.status === 'ended') - Number(b.status === 'ended') || b.id - a.id;

export const CustomerMembership = () => {
    const customer = useRecordContext<Customer>();
    const translate = useTranslate();
    const { canAccess: canList } = useCanAccess({ resource: 'memberships', action: 'list' });
    const { canAccess: canStart } = useCanAccess({ resource: 'memberships', action: 'create' });
    const [starting, setStarting] = useState(false);
    const listed = (filter: Record<string, unknown>) =>
        ({
            filter,
            sort: { field: 'id', order: 'DESC' },
            pagination: { page: 1, perPage: shown },
        }) as const;
    const enabled = !!customer && !!canList;
    const attends = useGetList<ListedMembership>('memberships', listed({ customerId: customer?.id }), { enabled });
    const pays = useGetList<ListedMembership>('memberships', listed({ payerId: customer?.id }), { enabled });
    if (!customer || !canList) return null;
    const memberships = [
        ...(attends.data ?? []),
        ...(pays.data ?? []).filter(one => !attends.data?.some(other => other.id === one.id)),
    ].sort(order);
    return (
        <Section
            title="app.memberships.card.title"
            actions={
                // An erased card's memberships have all ended, and it may start no other.
                canStart &&
                !isErased(customer) && (
                    <Button size="small" onClick={() => setStarting(true)}>
                        {translate('app.memberships.card.start')}
                    </Button>
                )
            }
        >
            {attends.isPending || pays.isPending ? null : memberships.length === 0 ? (
                <Empty text="app.memberships.card.none" />
            ) : (
                <Stack spacing={2} data-testid="customer-memberships">
                    {memberships.map(membership => (
                        <RecordContextProvider key={membership.id} value={membership}>
                            <Card variant="outlined" component="article" aria-label={membership.planName ?? ''}>
                                <CardContent>
                                    <Stack
                                        direction="row"
                                        spacing={1}
                                        alignItems="center"
                                        flexWrap="wrap"
                                        useFlexGap
                                        sx={{ mb: 1 }}
                                    >
                                        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                                            {membership.planName}
                                        </Typography>
                                        <MembershipStatus membership={membership} />
                                        <Stack direction="row" spacing={1} sx={{ ml: 'auto' }}>
                                            <MembershipActions membership={membership} />
                                        </Stack>
                                    </Stack>
                                    <MembershipLines membership={membership} customerId={customer.id} />
                                    <Typography variant="subtitle2" component="h4" sx={{ mt: 2 }}>
                                        {translate('app.memberships.card.charges')}
                                    </Typography>
                                    <ResourceContextProvider value="charges">
                                        <MembershipCharges />
                                    </ResourceContextProvider>
                                </CardContent>
                            </Card>
                        </RecordContextProvider>
                    ))}
                </Stack>
            )}
            <StartMembershipDialog open={starting} onClose={() => setStarting(false)} />
        </Section>
    );
};
