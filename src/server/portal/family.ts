import type { Request } from 'express';
import { z } from 'zod';
import type { Identifier, StoredCustomer } from '../../domain/types';
import { forbidden } from '../http/errors';
import type { PortalRequest } from '../http/portalSessions';
import type { Reader } from '../storage/types';

/*
 * Whom a portal request acts for: the signed-in customer (a portal token; authenticate() in
 * http/portalSessions.ts), or one of their wards (`customerId`); anyone else is refused.
 */

/** Whom a request acts for, when it says: the signed-in customer or one of their wards. */
export const actingSchema = z.object({ customerId: z.coerce.number().int().positive().optional() });

export const signedIn = (req: Request) => (req as PortalRequest).customer;

/** The customer a request acts for: the signed-in one, or one of their wards; anyone else is refused. */
export const actingFor = async (req: Request, reader: Reader, customerId?: Identifier): Promise<StoredCustomer> => {
    const me = signedIn(req);
    if (customerId === undefined || customerId === me.id) return me;
    const ward = (await reader.get('customers', customerId)) as StoredCustomer | undefined;
    if (!ward || ward.guardianId !== me.id) throw forbidden('You act for yourself and your children only');
    return ward;
};

/** Those a customer acts for: themselves and their wards. */
export const familyOf = async (reader: Reader, customerId: Identifier): Promise<Identifier[]> => [
    customerId,
    ...(await reader.select('customers', { guardianId: customerId })).map(ward => ward.id),
];
