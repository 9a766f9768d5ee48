import { useRef, useState } from 'react';
import { Alert, Button, Link, Stack } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { HttpError, useNotify, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { Identifier } from '../../domain/types';

/*
 * A second open lead with the same phone is refused by the server (409), which names the leads it has:
 * the form names them with links (in a new tab, so that what was typed stays) and offers to save this
 * one anyway, which sends the same lead with confirmDuplicate.
 */

export interface NamedLead {
    id: Identifier;
    name: string;
}

export interface DuplicateRefusal {
    leads: NamedLead[];
    /** The phone they were named for: another phone needs another check. */
    phone: string;
}

/**
 * What a lead's create or edit form needs for the refusal: `transform` adds the confirmation once asked
 * for, `onError` keeps the refusal (and leaves field errors to the fields).
 */
export const useDuplicateLeads = () => {
    const notify = useNotify();
    const [refusal, setRefusal] = useState<DuplicateRefusal | null>(null);
    const confirmed = useRef(false);
    const transform = <T extends object>(data: T) => {
        const confirm = confirmed.current;
        confirmed.current = false;
        return confirm ? { ...data, confirmDuplicate: true } : data;
    };
    const onError = (error: unknown, variables: { data?: { phone?: string | null } }) => {
        const duplicates: unknown = error instanceof HttpError ? error.body?.duplicates : undefined;
        if (error instanceof HttpError && error.status === 409 && Array.isArray(duplicates)) {
            setRefusal({ leads: duplicates as NamedLead[], phone: variables.data?.phone ?? '' });
            // The warning above the form says it all: passed on as a field error, the refusal would also
            // have react-admin call the whole form invalid, which it is not.
            error.body = { ...error.body, errors: undefined };
            return;
        }
        // A refused field shows why under it, in the interface's language: no notice repeats it.
        if (error instanceof HttpError && Object.keys(error.body?.errors ?? {}).length > 0) return;
        notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    };
    return { refusal, confirmed, transform, onError };
};

/** The refusal, while the phone is the one refused, with "Save anyway". */
export const DuplicateWarning = ({
    refusal,
    confirmed,
}: {
    refusal: DuplicateRefusal | null;
    confirmed: { current: boolean };
}) => {
    const translate = useTranslate();
    const phone = useWatch({ name: 'phone' }) as string | undefined;
    if (!refusal || !refusal.leads.length || phone !== refusal.phone) return null;
    return (
        <Alert
            severity="warning"
            sx={{ mb: 2, width: '100%', boxSizing: 'border-box' }}
            action={
                <Button type="submit" color="inherit" size="small" onClick={() => (confirmed.current = true)}>
                    {translate('app.leads.save_anyway')}
                </Button>
            }
        >
            <Stack spacing={0.5}>
                <div>
                    {translate('app.leads.duplicate_found', { smart_count: refusal.leads.length })}{' '}
                    {refusal.leads.map((lead, index) => (
                        <span key={lead.id}>
                            {index > 0 && ', '}
                            <Link component={RouterLink} to={`/leads/${lead.id}`} target="_blank" rel="noopener">
                                {lead.name}
                            </Link>
                        </span>
                    ))}
                </div>
                <div>{translate('app.leads.duplicate_hint')}</div>
            </Stack>
        </Alert>
    );
};
