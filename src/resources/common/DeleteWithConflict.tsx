import { useState } from 'react';
import {
    Button as MuiButton,
    Dialog,
    DialogActions,
    DialogContent,
    DialogContentText,
    DialogTitle,
} from '@mui/material';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import {
    Button,
    Confirm,
    useCanAccess,
    useDelete,
    useNotify,
    useRecordContext,
    useRedirect,
    useResourceContext,
    useTranslate,
    useUpdate,
    type RaRecord,
} from 'react-admin';
import { isInUse, refusalMessage } from './conflicts';

interface Props {
    /** The collection has `active`: offer to deactivate a record that cannot be deleted. */
    deactivate?: boolean;
    /** Where to go once deleted; false stays (a list that refreshes itself). */
    redirect?: 'list' | false;
    onDeleted?: () => void;
    disabled?: boolean;
    /** What the confirmation calls the record, when its `name` is not that (a status's label). */
    title?: string;
}

/**
 * Delete, after a confirmation. When the server refuses because other records use this one (409), says
 * which and how many in words, and offers to deactivate the record instead when it can be deactivated.
 */
export const DeleteWithConflictButton = ({
    deactivate = false,
    redirect = 'list',
    onDeleted,
    disabled,
    title,
}: Props) => {
    const record = useRecordContext<RaRecord & { active?: boolean }>();
    const resource = useResourceContext();
    const translate = useTranslate();
    const notify = useNotify();
    const redirectTo = useRedirect();
    const { canAccess } = useCanAccess({ action: 'delete', resource, record });
    const [confirming, setConfirming] = useState(false);
    const [refusal, setRefusal] = useState<{ message: string; inUse: boolean } | null>(null);
    const [deleteOne, { isPending: deleting }] = useDelete();
    const [update, { isPending: deactivating }] = useUpdate();

    if (!record || !canAccess) return null;

    const remove = () => {
        setConfirming(false);
        deleteOne(
            resource,
            { id: record.id, previousData: record },
            {
                mutationMode: 'pessimistic',
                onSuccess: () => {
                    notify('ra.notification.deleted', { type: 'info', messageArgs: { smart_count: 1 } });
                    onDeleted?.();
                    if (redirect) redirectTo(redirect, resource);
                },
                onError: error => setRefusal({ message: refusalMessage(translate, error), inUse: isInUse(error) }),
            },
        );
    };

    const deactivateInstead = () =>
        update(
            resource,
            { id: record.id, data: { active: false }, previousData: record },
            {
                mutationMode: 'pessimistic',
                onSuccess: () => {
                    setRefusal(null);
                    notify('app.settings.deactivated', { type: 'info' });
                },
                onError: error => setRefusal({ message: refusalMessage(translate, error), inUse: false }),
            },
        );

    return (
        <>
            <Button
                label="ra.action.delete"
                color="error"
                onClick={() => setConfirming(true)}
                disabled={disabled || deleting}
            >
                <DeleteOutlined />
            </Button>
            <Confirm
                isOpen={confirming}
                title="app.settings.delete_title"
                content="app.settings.delete_content"
                translateOptions={{ name: title ?? String(record.name ?? record.label ?? record.id) }}
                onConfirm={remove}
                onClose={() => setConfirming(false)}
            />
            <Dialog open={!!refusal} onClose={() => setRefusal(null)} aria-labelledby="delete-refused-title">
                <DialogTitle id="delete-refused-title">{translate('app.settings.not_deleted')}</DialogTitle>
                <DialogContent>
                    <DialogContentText>{refusal?.message}</DialogContentText>
                    {refusal?.inUse && deactivate && record.active && (
                        <DialogContentText sx={{ mt: 1 }}>
                            {translate('app.settings.deactivate_hint')}
                        </DialogContentText>
                    )}
                </DialogContent>
                <DialogActions>
                    <MuiButton onClick={() => setRefusal(null)}>{translate('ra.action.close')}</MuiButton>
                    {refusal?.inUse && deactivate && record.active && (
                        <MuiButton variant="contained" onClick={deactivateInstead} disabled={deactivating}>
                            {translate('app.settings.deactivate')}
                        </MuiButton>
                    )}
                </DialogActions>
            </Dialog>
        </>
    );
};
