import { useEffect, useMemo, useState } from 'react';
import { Alert, Grid, Link, Stack } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import {
    AutocompleteInput,
    DateInput,
    ReferenceInput,
    SelectInput,
    TextInput,
    useCreatePath,
    useGetList,
    useRecordContext,
    useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { personName } from '../../domain/journal';
import type { Customer, Identifier } from '../../domain/types';
import { phoneDigitsNeeded, phoneNumberKey } from '../../domain/search';
import { phoneText } from '../common/phones';
import { useStatuses } from '../common/statuses';
import { CustomerFamily, useWards } from './CustomerFamily';
import { erasedStatus } from './erased';

/** A value once it has stopped changing for a moment: a check per keystroke would ask the server for nothing. */
const useSettled = <T,>(value: T, delayMs = 300): T => {
    const [settled, setSettled] = useState(value);
    useEffect(() => {
        const timer = setTimeout(() => setSettled(value), delayMs);
        return () => clearTimeout(timer);
    }, [value, delayMs]);
    return settled;
};

const emailKey = (email: unknown): string =>
    String(email ?? '')
        .trim()
        .toLowerCase();

/** A customer a duplicate warning names: found by the form as the person types, or by the server on Save. */
export interface NamedCustomer {
    id: Identifier;
    name: string;
}

interface Duplicates {
    byPhone: NamedCustomer[];
    byEmail: NamedCustomer[];
    /** The ids of both, to tell whether the person confirmed these very duplicates. */
    key: string;
    checking: boolean;
}

const named = (customers: Customer[]): NamedCustomer[] =>
    customers.map(customer => ({ id: customer.id, name: personName(customer) }));

/**
 * Other customers the form's phone (by its digits, with or without the country code) or e-mail already
 * belong to; with those the server named when it refused to save (it decides: the form may not have
 * looked yet). A ward shares their family's phone and e-mail: their guardian and the guardian's other
 * wards are no duplicates of them.
 */
export const useDuplicateCustomers = (fromServer: NamedCustomer[] = []): Duplicates => {
    const record = useRecordContext<Customer>();
    const phone = useSettled(phoneNumberKey(useWatch({ name: 'phone' })));
    const email = useSettled(emailKey(useWatch({ name: 'email' })));
    const guardianId = useWatch({ name: 'guardianId' }) as Identifier | null | undefined;
    const family = (customer: Customer) =>
        guardianId != null && (customer.id === guardianId || customer.guardianId === guardianId);
    const others = (customers: Customer[] | undefined) =>
        (customers ?? []).filter(customer => customer.id !== record?.id && !family(customer));
    const options = { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' as const } };
    const phoneMatches = useGetList<Customer>(
        'customers',
        { ...options, filter: { phoneDigits: phone } },
        { enabled: phone.length >= phoneDigitsNeeded },
    );
    const emailMatches = useGetList<Customer>(
        'customers',
        { ...options, filter: { email } },
        { enabled: email.includes('@') },
    );
    const found = phone.length >= phoneDigitsNeeded ? named(others(phoneMatches.data)) : [];
    const byPhone = [...found, ...fromServer.filter(customer => !found.some(other => other.id === customer.id))];
    const byEmail = email.includes('@') ? named(others(emailMatches.data)) : [];
    const ids: Identifier[] = [...byPhone, ...byEmail].map(customer => customer.id);
    return { byPhone, byEmail, key: ids.join(','), checking: phoneMatches.isFetching || emailMatches.isFetching };
};

/**
 * "Give a phone or an e-mail" stands under the phone but depends on the e-mail and the guardian too: it is
 * checked again as they change, so that the next Save is not held back by an error no longer true.
 */
const useContactCheck = () => {
    const { trigger, getFieldState } = useFormContext();
    const email: unknown = useWatch({ name: 'email' });
    const guardianId: unknown = useWatch({ name: 'guardianId' });
    useEffect(() => {
        if (getFieldState('phone').error) void trigger('phone');
    }, [email, guardianId, trigger, getFieldState]);
};

const DuplicateLine = ({ message, customers }: { message: string; customers: NamedCustomer[] }) => {
    const translate = useTranslate();
    const createPath = useCreatePath();
    if (!customers.length) return null;
    return (
        <div>
            {translate(message)}{' '}
            {customers.map((customer, index) => (
                <span key={customer.id}>
                    {index > 0 && ', '}
                    {/* A new tab, so that what was typed here stays. */}
                    <Link
                        component={RouterLink}
                        to={createPath({ resource: 'customers', id: customer.id, type: 'edit' })}
                        target="_blank"
                        rel="noopener"
                    >
                        {customer.name}
                    </Link>
                </span>
            ))}
        </div>
    );
};

/** The warning that the person may already be a customer, with links to them. */
const DuplicateWarning = ({ duplicates }: { duplicates: Duplicates }) => {
    const translate = useTranslate();
    if (!duplicates.key) return null;
    return (
        <Alert severity="warning" sx={{ mb: 2 }}>
            <Stack spacing={0.5}>
                <DuplicateLine message="app.customers.duplicate_phone" customers={duplicates.byPhone} />
                <DuplicateLine message="app.customers.duplicate_email" customers={duplicates.byEmail} />
                <div>{translate('app.customers.duplicate_hint')}</div>
            </Stack>
        </Alert>
    );
};

const customerName = (customer: Customer) => personName(customer);

/**
 * The parent who signs in to the portal for this customer. Offered: customers who are nobody's ward, other
 * than this one; the server has the last word (a guardian who became a ward meanwhile), and its refusal
 * shows under the field. A customer with wards of their own has no guardian, so the field is shut for
 * them, unless one is set already and needs clearing.
 */
const GuardianInput = () => {
    const record = useRecordContext<Customer>();
    const guardianId = useWatch({ name: 'guardianId' }) as Identifier | null | undefined;
    const { data: wards = [] } = useWards(record?.id);
    const isGuardian = wards.length > 0 && guardianId == null;
    return (
        <ReferenceInput
            source="guardianId"
            reference="customers"
            filter={{ guardianId: null, ...(record?.id != null && { id_ne: record.id }) }}
            sort={{ field: 'lastName', order: 'ASC' }}
        >
            <AutocompleteInput
                optionText={customerName}
                parse={(value: Identifier | '') => (value === '' ? null : value)}
                disabled={isGuardian}
                helperText={isGuardian ? 'resources.customers.guardian.has_wards' : 'resources.customers.guardian.help'}
                fullWidth
            />
        </ReferenceInput>
    );
};

/**
 * The profile fields, shared by the create form and the card (where the saved guardian and wards are
 * links beside the guardian's field); the create form warns of duplicates under them.
 */
export const CustomerInputs = ({ duplicates }: { duplicates?: Duplicates }) => {
    const listed = useStatuses('customer');
    // Only the erasure sets a card erased: the form never offers it.
    const statuses = useMemo(() => listed.filter(status => status.code !== erasedStatus), [listed]);
    useContactCheck();
    return (
        <Grid container columnSpacing={2} sx={{ width: '100%' }}>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                <TextInput source="firstName" fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                <TextInput source="lastName" fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                <TextInput source="phone" type="tel" format={phoneText} fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                {/* Not type="email": the browser's own check would speak its language, not the interface's. */}
                <TextInput source="email" autoComplete="email" fullWidth />
            </Grid>
            {duplicates && (
                <Grid size={12}>
                    <DuplicateWarning duplicates={duplicates} />
                </Grid>
            )}
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                <DateInput source="birthDate" fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                <SelectInput source="status" choices={statuses} optionValue="code" optionText="label" fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 6 }}>
                <TextInput source="source" fullWidth />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
                <GuardianInput />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }} sx={{ pt: { md: 2 } }}>
                <CustomerFamily />
            </Grid>
            <Grid size={12}>
                <TextInput source="notes" multiline minRows={2} fullWidth />
            </Grid>
        </Grid>
    );
};
