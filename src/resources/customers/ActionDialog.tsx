import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { Form, SaveButton, useNotify, useRefresh, useTranslate, type HttpError } from 'react-admin';
import type { z } from 'zod';
import { schemaValidator } from '../../app/forms';
import type { ApiErrorBody } from '../../domain/api';

interface Props {
    open: boolean;
    onClose: () => void;
    title: string;
    /** The domain schema the server applies to the same request. */
    schema: z.ZodType;
    defaultValues: Record<string, unknown>;
    /** Sends the request; a rejection with field errors shows them on the fields. */
    onSubmit: (values: Record<string, unknown>) => Promise<unknown>;
    /** The message once done: a key, or the key for what the server answered. */
    success: string | ((answer: unknown) => string);
    submitLabel?: string;
    children: ReactNode;
}

/**
 * A dialog holding one money action (sell, freeze, refund...): validated with the domain schema before
 * sending, the server's field errors shown on the fields after, and the card refreshed on success.
 */
export const ActionDialog = ({
    open,
    onClose,
    title,
    schema,
    defaultValues,
    onSubmit,
    success,
    submitLabel,
    children,
}: Props) => {
    const translate = useTranslate();
    const notify = useNotify();
    const refresh = useRefresh();

    const submit = async (values: Record<string, unknown>) => {
        let answer: unknown;
        try {
            answer = await onSubmit(values);
        } catch (error) {
            const body = (error as HttpError).body as Partial<ApiErrorBody> | undefined;
            const [first] = Object.values(body?.errors ?? {});
            notify(first ?? 'ra.notification.http_error', { type: 'error' });
            return body?.errors;
        }
        notify(typeof success === 'string' ? success : success(answer), { type: 'success' });
        refresh();
        onClose();
    };

    return (
        <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
            {open && (
                <Form noValidate onSubmit={submit} validate={schemaValidator(schema)} defaultValues={defaultValues}>
                    <DialogTitle>{translate(title)}</DialogTitle>
                    <DialogContent>{children}</DialogContent>
                    <DialogActions>
                        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
                        <SaveButton label={submitLabel ?? title} alwaysEnable icon={<></>} />
                    </DialogActions>
                </Form>
            )}
        </Dialog>
    );
};
