import { isErased } from '../../domain/privacy';
import type { Identifier } from '../../domain/types';
import { conflict } from '../http/errors';
import type { Reader } from '../storage/types';

/*
 * An erased card (its personal data erased on request) keeps the money and visit records it has, and
 * takes no new ones: no sale, booking, payment link or membership, wherever they are asked for.
 */

export const erasedRefusal = () =>
    conflict("This customer's personal data was erased: the card is read only", { status: 'app.privacy.erased' });

/** Refuses the write when the customer's card is erased. */
export const refuseErased = async (reader: Reader, customerId: Identifier): Promise<void> => {
    if (isErased(await reader.get('customers', customerId))) throw erasedRefusal();
};
