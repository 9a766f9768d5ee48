import { httpClient } from '../../app/dataProvider';
import type { EraseBlockedAnswer, EraseRequest } from '../../domain/api/privacy';
import type { Customer, Identifier } from '../../domain/types';

/*
 * The customer's personal data as staff handle it on the card: everything held about them as one JSON
 * file, and its erasure. Both go through the app's signed-in fetch, as every other call of the card.
 */

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
        body: JSON.stringify({ confirm } satisfies EraseRequest),
    }).then(({ json }) => json as Customer);

/** The blockers of a refused erasure, when that is what refused it. */
export const blockersOf = (error: unknown): EraseBlockedAnswer['blockers'] | null => {
    const body = (error as { body?: Partial<EraseBlockedAnswer> } | null)?.body;
    return body?.reason === 'erase_blocked' && Array.isArray(body.blockers) ? body.blockers : null;
};

/** The message key of the field error a refusal names, if any. */
export const fieldErrorOf = (error: unknown, field: string): string | undefined =>
    (error as { body?: { errors?: Record<string, string> } } | null)?.body?.errors?.[field];
