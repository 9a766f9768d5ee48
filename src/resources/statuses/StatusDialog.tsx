import { useEffect } from 'react';
import { Button, Dialog, DialogContent, DialogTitle } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import {
    BooleanInput,
    CreateBase,
    EditBase,
    SaveButton,
    SimpleForm,
    TextInput,
    Toolbar,
    useListContext,
    useRefresh,
    useTranslate,
} from 'react-admin';
import { schemaValidator } from '../../app/forms';
import { useSavedNotice } from '../../app/saved';
import { statusSchema } from '../../domain/schemas';
import type { Status } from '../../domain/types';
import { ColorInput } from '../common/ColorInput';
import { useStatusLabel } from '../common/statuses';

interface Props {
    name: Status['name'];
    /** The status to edit; none to add one at the end of the list. */
    status?: Status;
    onClose: () => void;
}

/**
 * "A label in one language at least" shows under the English label, but either label answers it: once
 * the form was sent, typing in either checks the English one again, so the message goes when it is met.
 */
const LabelsCheck = () => {
    const { trigger, formState } = useFormContext();
    const labels = JSON.stringify(useWatch({ name: 'labels' }) ?? null);
    const submitted = formState.isSubmitted;
    useEffect(() => {
        if (submitted) void trigger('labels.en');
    }, [labels, submitted, trigger]);
    return null;
};

/** Records refer to a status by its code, so the code is chosen once, when the status is added. */
const StatusInputs = ({ name, creating }: { name: Status['name']; creating: boolean }) => (
    <>
        {/* Both languages are edited together: the interface shows the one it speaks, else the other. */}
        <TextInput source="labels.en" />
        <TextInput source="labels.ru" />
        <LabelsCheck />
        <TextInput
            source="code"
            disabled={!creating}
            helperText={creating ? 'app.settings.code_help' : 'app.settings.code_fixed'}
        />
        <ColorInput source="color" />
        <BooleanInput source="isDefault" />
        {name === 'attendance' && <BooleanInput source="charges" helperText="app.settings.charges_help" />}
    </>
);

export const StatusDialog = ({ name, status, onClose }: Props) => {
    const translate = useTranslate();
    const notice = useSavedNotice('statuses');
    const labelOf = useStatusLabel();
    const refresh = useRefresh();
    const { data = [] } = useListContext<Status>();
    const saved = (record: Status) => {
        notice(status ? 'updated' : 'created', record, labelOf(record));
        // Making a status the default unmarks the old default on the server: show the whole list again.
        refresh();
        onClose();
    };
    const form = (
        <SimpleForm
            noValidate
            validate={schemaValidator(statusSchema)}
            // Deleting is on the list's row, where a refusal is explained: the dialog only saves or cancels.
            toolbar={
                <Toolbar sx={{ gap: 1 }}>
                    <SaveButton />
                    <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
                </Toolbar>
            }
            defaultValues={
                status
                    ? undefined
                    : {
                          name,
                          color: '#9e9e9e',
                          isDefault: false,
                          charges: false,
                          order: data.reduce((max, other) => Math.max(max, other.order + 1), 0),
                      }
            }
        >
            <StatusInputs name={name} creating={!status} />
        </SimpleForm>
    );
    return (
        <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="status-dialog-title">
            <DialogTitle id="status-dialog-title">
                {translate(status ? 'app.settings.edit_status' : 'app.settings.add_status')}
            </DialogTitle>
            <DialogContent sx={{ p: 0 }}>
                {status ? (
                    <EditBase
                        resource="statuses"
                        id={status.id}
                        mutationMode="pessimistic"
                        redirect={false}
                        mutationOptions={{ onSuccess: saved }}
                    >
                        {form}
                    </EditBase>
                ) : (
                    <CreateBase resource="statuses" redirect={false} mutationOptions={{ onSuccess: saved }}>
                        {form}
                    </CreateBase>
                )}
            </DialogContent>
        </Dialog>
    );
};
