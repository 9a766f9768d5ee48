import { useRecordContext } from 'react-admin';
import type { Customer } from '../../domain/types';

/** The customer status of a card whose personal data was erased: set by the erasure only, read only since. */
export const erasedStatus = 'erased';

/** Whether the card on screen is erased: nothing is sold, booked or sent to it any more. */
export const useErased = (): boolean => useRecordContext<Customer>()?.status === erasedStatus;
