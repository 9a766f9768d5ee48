import { phoneDigitsNeeded, phoneNumberKey } from '../../domain/search';
import type { Identifier } from '../../domain/types';
import type { Filter, Reader, Scalar } from '../storage/types';

/**
 * The filter `phoneDigits`: customers whose phone is the same number, however written (8 982 ...,
 * +7 982 ..., 982 ...), for the warning about a customer added twice. Answered from an index of the
 * numbers the phones hold, not by reading every customer.
 */
export const samePhoneFilter = async (values: Scalar[], reader: Reader): Promise<Filter[]> => {
    const wanted = [...new Set(values.map(phoneNumberKey).filter(number => number.length >= phoneDigitsNeeded))];
    if (wanted.length === 1) return [{ field: 'phone', kind: 'samePhone', number: wanted[0] }];
    const ids: Identifier[] = [];
    for (const number of wanted)
        ids.push(...(await reader.select('customers', [{ field: 'phone', kind: 'samePhone', number }])).map(c => c.id));
    // No number asked, or several: the customers found, as an equality on their ids (on nothing, none).
    return [{ field: 'id', kind: 'equals', values: ids }];
};
