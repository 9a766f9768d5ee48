import { e164Phone } from '../../domain/phones';
import { badRequest } from '../http/errors';
import type { Reader, Row } from '../storage/types';
import { studioConfig } from './studio';

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
