import { Fragment, type ReactNode } from 'react';
import { Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useCreatePath, useGetList, useGetOne, useRecordContext, useTranslate } from 'react-admin';
import { personName } from '../../domain/journal';
import type { Customer, Identifier } from '../../domain/types';

/*
 * A family in the portal: a guardian (a parent) signs in for the customers in their care, their wards.
 * On the card, the saved guardian and the wards, each a link to their own card.
 */

/** How many a guardian may have on the card at once; a studio's families are far smaller. */
const wardsShown = 50;

/** The customers whose guardian this customer is (none asked for before the customer is saved). */
export const useWards = (id: Identifier | undefined) =>
    useGetList<Customer>(
        'customers',
        {
            filter: { guardianId: id },
            pagination: { page: 1, perPage: wardsShown },
            sort: { field: 'firstName', order: 'ASC' },
        },
        { enabled: id != null },
    );

const CustomerLink = ({ customer }: { customer: Customer }) => {
    const createPath = useCreatePath();
    return (
        <Link component={RouterLink} to={createPath({ resource: 'customers', id: customer.id, type: 'edit' })}>
            {personName(customer)}
        </Link>
    );
};

const Line = ({ label, children }: { label: string; children: ReactNode }) => {
    const translate = useTranslate();
    return (
        <Typography variant="body2">
            <Typography component="span" variant="body2" color="text.secondary">
                {translate(label)}:
            </Typography>{' '}
            {children}
        </Typography>
    );
};

/** "Guardian: Maria Ivanova", "Children: Petya Ivanov, Masha Ivanova"; nothing for a customer on their own. */
export const CustomerFamily = () => {
    const customer = useRecordContext<Customer>();
    const guardianId = customer?.guardianId ?? undefined;
    const { data: guardian } = useGetOne<Customer>(
        'customers',
        { id: guardianId as Identifier },
        { enabled: guardianId != null },
    );
    const { data: wards = [] } = useWards(customer?.id);
    if (!guardian && !wards.length) return null;
    return (
        <Stack spacing={0.5} sx={{ mb: 2 }} data-testid="customer-family">
            {guardian && (
                <Line label="resources.customers.fields.guardianId">
                    <CustomerLink customer={guardian} />
                </Line>
            )}
            {wards.length > 0 && (
                <Line label="resources.customers.fields.wards">
                    {wards.map((ward, index) => (
                        <Fragment key={ward.id}>
                            {index > 0 && ', '}
                            <CustomerLink customer={ward} />
                        </Fragment>
                    ))}
                </Line>
            )}
        </Stack>
    );
};
