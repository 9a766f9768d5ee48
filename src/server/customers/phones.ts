import { e164Phone } from '../../domain/phones';
import { badRequest } from '../http/errors';
import type { Filter, Reader, Row, Scalar } from '../storage/types';
import { studioConfig } from '../rules/studio';
import { phoneDigitsNeeded, phoneNumberKey } from '../../domain/search';
import type { Identifier } from '../../domain/types';

/**
 * A person's phone as it is stored: in E.164, read in the studio's country when typed without a country
 * code, so that one number is one text however staff typed it. A number that is not a phone there is
 * refused; a phone left as it was (an earlier version's, not yet valid) is kept, so that changing the
 * rest of a record never asks to fix it.
 */
export const withStoredPhone = async (record: Row, before: Row | null, reader: Reader): Promise<Row> => {
    const { phone } = record;
    if (typeof phone !== 'string' || (before && phone === before.phone)) return record;
    const stored = e164Phone(phone, (await studioConfig(reader)).country);
    if (!stored) throw badRequest('The phone is not a valid phone number', { phone: 'app.validation.phone' });
    return { ...record, phone: stored };
};

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
