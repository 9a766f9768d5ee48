import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Create, HttpError, SaveButton, SimpleForm, Toolbar, useNotify } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { schemaValidator } from '../../app/forms';
import { useSaved } from '../../app/saved';
import { useStatuses } from '../common/statuses';
import { CustomerInputs, useDuplicateCustomers, type NamedCustomer } from './CustomerInputs';
import { DeskConsentInputs, withDeskConsents } from './DeskConsentInputs';
import { deskConsentsSchema } from '../../domain/consents';
import { customerSchema } from '../../domain/schemas';

const validateCard = schemaValidator(customerSchema);
// The API takes a customer without consents (imports, integrations); the desk's form does not: whoever
// is added at the desk agrees to the processing of their personal data, and the box says so.
const validateConsents = schemaValidator(z.object({ consents: deskConsentsSchema }));
const validateCustomer = (values: unknown) => ({ ...validateCard(values), ...validateConsents(values) });

/**
 * The default customer status, once the statuses arrive: set into the form rather than starting the
 * form again, so that nothing typed meanwhile is lost.
 */
const useDefaultStatus = () => {
    const defaultStatus = useStatuses('customer').find(status => status.isDefault)?.code;
    const { getValues, setValue } = useFormContext();
    useEffect(() => {
        if (defaultStatus && !getValues('status')) setValue('status', defaultStatus);
    }, [defaultStatus, getValues, setValue]);
};

interface DuplicateChecks {
    /** The customers the server named when it refused to save. */
    fromServer: NamedCustomer[];
    /** The phone they were named for: another phone needs another check. */
    phone: string;
    /** Set once the person chose to save anyway: the next save says so to the server. */
    confirmed: { current: boolean };
}

/**
 * The form of a new customer. When the phone or e-mail already belongs to someone, the warning names
 * them with links, and the first click on Save only confirms it was read: "Save anyway" then saves.
 * The server has the last word: a phone it knows is refused until the save says the person confirmed.
 */
const NewCustomerForm = ({ checks }: { checks: DuplicateChecks }) => {
    const phone = useWatch({ name: 'phone' }) as string | undefined;
    const fromServer = phone === checks.phone ? checks.fromServer : [];
    const duplicates = useDuplicateCustomers(fromServer);
    useDefaultStatus();
    // The duplicates the person has seen and chose to ignore: other ones need another look. A refusal
    // of the server came from a click on Save: its warning is the look, and the button says so.
    const [acceptedKey, setAcceptedKey] = useState('');
    const accepted = duplicates.key !== '' && (acceptedKey === duplicates.key || fromServer.length > 0);
    checks.confirmed.current = accepted;
    const holdBack = (event: MouseEvent<HTMLButtonElement>) => {
        if (!duplicates.key || accepted) return;
        event.preventDefault();
        setAcceptedKey(duplicates.key);
    };
    return (
        <>
            <CustomerInputs duplicates={duplicates} />
            <DeskConsentInputs />
            <Toolbar sx={{ mx: -2, mb: -2, mt: 2 }}>
                <SaveButton onClick={holdBack} label={accepted ? 'app.customers.save_anyway' : 'ra.action.save'} />
            </Toolbar>
        </>
    );
};

/** A new customer starts with the default customer status; saving opens their card. */
export const CustomerCreate = () => {
    const notify = useNotify();
    const saved = useSaved('created', 'edit');
    const confirmed = useRef(false);
    const [refused, setRefused] = useState<{ fromServer: NamedCustomer[]; phone: string }>({
        fromServer: [],
        phone: '',
    });
    return (
        <Create
            transform={data => withDeskConsents({ ...data, confirmDuplicate: confirmed.current || undefined })}
            mutationOptions={{
                ...saved,
                onError: (error, variables) => {
                    const duplicates = error instanceof HttpError ? error.body?.duplicates : undefined;
                    if (error instanceof HttpError && error.status === 409 && Array.isArray(duplicates)) {
                        setRefused({ fromServer: duplicates as NamedCustomer[], phone: variables.data?.phone ?? '' });
                        return;
                    }
                    // A refused field (a guardian who is a ward) shows why under the field, in the interface's
                    // language: no notice repeats the server's English.
                    if (error instanceof HttpError && Object.keys(error.body?.errors ?? {}).length > 0) return;
                    notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
                },
            }}
        >
            <SimpleForm noValidate validate={validateCustomer} toolbar={false}>
                <NewCustomerForm checks={{ ...refused, confirmed }} />
            </SimpleForm>
        </Create>
    );
};
