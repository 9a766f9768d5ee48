import type { ApiErrorBody } from '../../domain/api';

/*
 * The API without sign-in, as the public pages (a payment link, a reminder's cancel link) call it: plain
 * fetch with no token, since customers have no account; a refusal is thrown with its status and the
 * fields at fault.
 */

export class PublicApiError extends Error {
    constructor(
        readonly status: number,
        readonly errors: Record<string, string> = {},
    ) {
        super(`HTTP ${status}`);
    }
}

const answer = async <T>(response: Response): Promise<T> => {
    const body = (await response.json().catch(() => ({}))) as T & Partial<ApiErrorBody>;
    if (!response.ok) throw new PublicApiError(response.status, body.errors);
    return body;
};

export const getPublic = <T>(url: string): Promise<T> =>
    fetch(url, { headers: { Accept: 'application/json' } }).then(response => answer<T>(response));

export const postPublic = <T>(url: string, body: unknown = {}): Promise<T> =>
    fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
    }).then(response => answer<T>(response));
