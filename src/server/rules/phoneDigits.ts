import { phoneNumberKey } from '../../domain/search';
import type { Identifier } from '../../domain/types';
import { maxPageSize } from '../listQuery';
import type { Filter, Reader, Scalar } from '../storage/types';

/**
 * The filter `phoneDigits`: customers whose phone is the same number, however written (8 982 ...,
 * +7 982 ..., 982 ...), for the warning about a customer added twice. Found by the search over phones,
 * which already matches by digits, then kept only where the whole number is the same.
 */
export const samePhoneFilter = async (values: Scalar[], reader: Reader): Promise<Filter[]> => {
    const wanted = [...new Set(values.map(phoneNumberKey).filter(number => number.length >= 5))];
    const ids: Identifier[] = [];
    for (const number of wanted) {
        const { records } = await reader.list('customers', {
            filters: [],
            search: number,
            searchFields: ['phone'],
            sort: { field: 'id', order: 'ASC' },
            range: { start: 0, end: maxPageSize - 1 },
        });
        ids.push(...records.filter(customer => phoneNumberKey(customer.phone) === number).map(customer => customer.id));
    }
    // No number asked, or none found: a filter no record passes, as an equality on nothing.
    return [{ field: 'id', kind: 'equals', values: ids }];
};
