import { useCallback } from 'react';
import {
    useGetRecordRepresentation,
    useNotify,
    useRedirect,
    useResourceContext,
    useTranslate,
    type RaRecord,
    type RedirectionSideEffect,
} from 'react-admin';

/** What a form did: react-admin's words for its two notices. */
type Saving = 'created' | 'updated';

/**
 * The notice of a saved record, naming it as the app shows it: "Customer Анна Королёва saved", "Курс
 * «Хатха-йога» добавлен". Each resource words it (`resources.<name>.notifications.<kind>`), so that
 * Russian agrees with the resource's gender; a prototype collection gets `app.notifications.<kind>`.
 */
export const useSavedNotice = (resourceName?: string) => {
    const resource = useResourceContext({ resource: resourceName });
    const notify = useNotify();
    const translate = useTranslate();
    const represent = useGetRecordRepresentation(resource);
    return useCallback(
        (kind: Saving, record: RaRecord, name?: string) => {
            const shown = represent(record);
            const named =
                name ?? (typeof shown === 'string' || typeof shown === 'number' ? `${shown}` : `#${record.id}`);
            notify(`resources.${resource}.notifications.${kind}`, {
                type: 'info',
                messageArgs: { name: named, _: translate(`app.notifications.${kind}`, { name: named }) },
            });
        },
        [resource, notify, translate, represent],
    );
};

/**
 * `mutationOptions` of a create or edit form: the notice naming the record, then where the form goes.
 * A form's own onSuccess replaces react-admin's notice and redirect both, so the redirect is here.
 */
export const useSaved = (kind: Saving, redirectTo: RedirectionSideEffect, resourceName?: string) => {
    const resource = useResourceContext({ resource: resourceName });
    const notice = useSavedNotice(resource);
    const redirect = useRedirect();
    return {
        onSuccess: (record: RaRecord) => {
            notice(kind, record);
            if (redirectTo !== false) redirect(redirectTo, resource, record.id, record);
        },
    };
};
