import type { TranslateFunction } from 'react-admin';
import type { ApiErrorBody, Referrer } from '../../domain/api';

interface HttpErrorLike {
    status?: number;
    message?: string;
    body?: Partial<ApiErrorBody>;
}

/** "This record is used by 12 courses and 3 plans…": the 409 in words of the user's language. */
export const conflictMessage = (translate: TranslateFunction, referrers: Referrer[]): string =>
    translate('app.conflict.in_use', {
        referrers: referrers
            .map(({ collection, count }) => translate(`app.collections.${collection}`, { smart_count: count }))
            .join(', '),
    });

/** The words to show for a refused write: the records in the way, else the first field error, else the server's message. */
export const refusalMessage = (translate: TranslateFunction, error: unknown): string => {
    const { body, message } = (error ?? {}) as HttpErrorLike;
    if (body?.referrers?.length) return conflictMessage(translate, body.referrers);
    const fieldError = Object.values(body?.errors ?? {})[0];
    if (fieldError) return translate(fieldError, { _: fieldError });
    return translate(body?.message ?? message ?? 'ra.notification.http_error', { _: body?.message ?? message });
};

export const isInUse = (error: unknown): boolean => {
    const { status, body } = (error ?? {}) as HttpErrorLike;
    return status === 409 && !!body?.referrers?.length;
};
