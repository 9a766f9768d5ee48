import { httpClient } from '../../app/dataProvider';
import type { Identifier } from '../../domain/types';

/*
 * The customer's personal data as staff handle it on the card: everything held about them as one JSON
 * file, and its erasure. Both go through the app's signed-in fetch, as every other call of the card.
 */

/** What keeps a card from being erased now, each kind with what it names. */
export type EraseBlocker =
    | { kind: 'membership'; ids: number[] }
    | { kind: 'booking'; ids: number[] }
    | { kind: 'waitlist'; ids: number[] }
    | { kind: 'debt'; amount: number }
    | { kind: 'unpaid_visits'; count: number }
    | { kind: 'payment_in_progress'; ids: string[] }
    | { kind: 'ward'; ids: number[] };

/** The confirmation staff type: the card's last name, whatever its case and the spaces around it, as the server compares. */
export const confirmsErasure = (confirm: string, lastName: string): boolean =>
    confirm.trim() !== '' && confirm.trim().toLocaleLowerCase() === lastName.trim().toLocaleLowerCase();

/** The file name the server gives in Content-Disposition, else one of the same shape. */
export const exportFileName = (disposition: string | null, id: Identifier): string => {
    const named = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i)?.[1];
    return named ? decodeURIComponent(named) : `customer-${id}.json`;
};

/** Hands a text to the browser as a file it saves. */
const saveFile = (text: string, fileName: string) => {
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
    // Some browsers read the address only after the click returns: it is let go a little later.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
};

/** Everything held about the customer and their wards, saved as the file the server names; answers its name. */
export const downloadExport = async (id: Identifier): Promise<string> => {
    const { headers, body } = await httpClient(`/api/customers/${encodeURIComponent(id)}/export`);
    const fileName = exportFileName(headers.get('Content-Disposition'), id);
    saveFile(body, fileName);
    return fileName;
};

/**
 * Erases the customer's personal data, confirmed by their last name. Refused 409 with `blockers` while
 * something is open (an empty confirmation asks only that), 400 on errors.confirm when the name differs.
 */
export const eraseCustomer = (id: Identifier, confirm: string) =>
    httpClient(`/api/customers/${encodeURIComponent(id)}/erase`, {
        method: 'POST',
        body: JSON.stringify({ confirm }),
    }).then(({ json }) => json as Record<string, unknown>);

/** The blockers of a refused erasure, when that is what refused it. */
export const blockersOf = (error: unknown): EraseBlocker[] | null => {
    const body = (error as { status?: number; body?: { reason?: string; blockers?: unknown } } | null)?.body;
    return body?.reason === 'erase_blocked' && Array.isArray(body.blockers) ? (body.blockers as EraseBlocker[]) : null;
};

/** The message key of the field error a refusal names, if any. */
export const fieldErrorOf = (error: unknown, field: string): string | undefined =>
    (error as { body?: { errors?: Record<string, string> } } | null)?.body?.errors?.[field];
