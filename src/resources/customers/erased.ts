import { useRecordContext } from 'react-admin';
import { isErased } from '../../domain/privacy';
import type { Customer } from '../../domain/types';

export { erasedStatus } from '../../domain/privacy';

/** Whether the card on screen is erased: nothing is sold, booked or sent to it any more. */
export const useErased = (): boolean => isErased(useRecordContext<Customer>());
