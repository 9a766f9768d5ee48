import EditOutlined from '@mui/icons-material/EditOutlined';
import { Alert, Button, Dialog, DialogContent, DialogTitle, Link as MuiLink } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
    EditBase,
    SaveButton,
    SimpleForm,
    Toolbar,
    useLocaleState,
    useNotify,
    useTranslate,
    type HttpError,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { schemaValidator } from '../../app/forms';
import { useSavedNotice } from '../../app/saved';
import { formatDateTime } from '../../app/i18n/dates';
import { eventSchema } from '../../domain/schemas';
import type { Identifier, StudioEvent } from '../../domain/types';
import { EventInputs } from './EventInputs';

const validateEvent = schemaValidator(eventSchema);

interface Clash {
    kind: 'teacher' | 'studio';
    eventId: Identifier;
    startsAt: string;
}

const clashOf = (error: unknown): Clash | null =>
    ((error as HttpError | null)?.body?.clash as Clash | undefined) ?? null;

/** The class the server says is in the way, in the user's language, with a link to it. */
const ClashAlert = ({ clash }: { clash: Clash }) => {
    const translate = useTranslate();
    const [locale] = useLocaleState();
    return (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="clash">
            {translate(`app.timetable.edit.clash_${clash.kind}`, { when: formatDateTime(clash.startsAt, locale) })}{' '}
            <MuiLink component={Link} to={`/events/${clash.eventId}`}>
                {translate('app.timetable.edit.open_clash')}
            </MuiLink>
        </Alert>
    );
};

/**
 * Moving a class by hand (date and time, studio, teacher, notes). The server refuses a move that puts
 * the teacher or the studio in two places at once: the field turns red and the class in the way is named.
 */
export const EventEditDialog = ({ event }: { event: StudioEvent }) => {
    const translate = useTranslate();
    const notify = useNotify();
    const notice = useSavedNotice('events');
    const queryClient = useQueryClient();
    const [open, setOpen] = useState(false);
    const [clash, setClash] = useState<Clash | null>(null);
    const close = () => {
        setOpen(false);
        setClash(null);
    };
    return (
        <>
            <Button variant="outlined" startIcon={<EditOutlined />} onClick={() => setOpen(true)}>
                {translate('app.timetable.edit.button')}
            </Button>
            <Dialog open={open} onClose={close} maxWidth="sm" fullWidth>
                <DialogTitle>{translate('app.timetable.edit.title')}</DialogTitle>
                <DialogContent>
                    {clash && <ClashAlert clash={clash} />}
                    <EditBase<StudioEvent>
                        resource="events"
                        id={event.id}
                        redirect={false}
                        mutationMode="pessimistic"
                        mutationOptions={{
                            onSuccess: saved => {
                                notice('updated', saved);
                                close();
                                return queryClient.invalidateQueries({ queryKey: ['roster', event.id] });
                            },
                            onError: error => {
                                setClash(clashOf(error));
                                // Field errors show on the fields; anything else needs saying.
                                if (!(error as HttpError).body?.errors)
                                    notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
                            },
                        }}
                    >
                        <SimpleForm
                            noValidate
                            validate={validateEvent}
                            sx={{ px: 0 }}
                            toolbar={
                                <Toolbar sx={{ gap: 1 }}>
                                    <SaveButton />
                                    <Button onClick={close}>{translate('ra.action.cancel')}</Button>
                                </Toolbar>
                            }
                        >
                            <EventInputs />
                        </SimpleForm>
                    </EditBase>
                </DialogContent>
            </Dialog>
        </>
    );
};
