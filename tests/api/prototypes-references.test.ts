import { describe, expect, it } from 'vitest';
import { call, serverForEveryRole } from '../support/server';
import { addCustomer } from '../support/factories';
import { demo } from '../support/prototypes';

/*
 * References from prototype records to the studio's records, as json-server links records: a field
 * named by the collection's singular and `Id` (`customerId` for customers), holding the id as a number
 * or as text. A studio record so referred to is not deleted (409 naming the prototypes), like one that
 * the studio's own records refer to.
 */

const db = demo();
const referred = addCustomer(db, { firstName: 'Referred', lastName: 'ByPrototypes', phone: '+7 955 100-00-01' });
const alike = addCustomer(db, { firstName: 'Looks', lastName: 'Alike', phone: '+7 955 100-00-02' });
const later = addCustomer(db, { firstName: 'Referred', lastName: 'Later', phone: '+7 955 100-00-03' });
const prototypes = {
    reservations: [
        { id: 1, customerId: referred.id, room: 'A' },
        { id: 2, customerId: String(referred.id), room: 'B' },
    ],
    visits: [{ id: 1, customerId: referred.id }],
    // Neither is the customer's id as json-server compares ids: another text, and a list.
    notes: [
        { id: 1, customerId: `0${alike.id}` },
        { id: 2, customerId: [alike.id] },
    ],
};

const served = serverForEveryRole({ db: { ...db, ...prototypes } });
const send = (method: string, path: string, json?: unknown) =>
    call(served.server.url, `/api${path}`, { method, json, token: served.tokens.admin });

describe('a studio record that prototype records refer to', () => {
    it('is not deleted: 409 naming the prototype collections and how many of their records refer to it', async () => {
        const refused = await send('DELETE', `/customers/${referred.id}`);
        expect(refused.status).toBe(409);
        expect(refused.body.message).toMatch(/in use by 2 reservations, 1 visits/);
        expect(refused.body.referrers).toEqual([
            { collection: 'reservations', field: 'customerId', count: 2 },
            { collection: 'visits', field: 'customerId', count: 1 },
        ]);
        expect((await send('GET', `/customers/${referred.id}`)).status).toBe(200);
    });

    it('is deleted once nothing refers to it, and a record nothing refers to is deleted at once', async () => {
        const deleted = await send('DELETE', `/customers/${alike.id}`);
        expect(deleted.status).toBe(200);
        expect(deleted.body).toMatchObject({ id: alike.id, lastName: 'Alike' });
        expect((await send('GET', `/customers/${alike.id}`)).status).toBe(404);

        const booking = await send('POST', '/reservations', { customerId: String(later.id), room: 'C' });
        expect(booking.status).toBe(201);
        expect((await send('DELETE', `/customers/${later.id}`)).status).toBe(409);
        expect((await send('PATCH', `/reservations/${booking.body.id}`, { customerId: null })).status).toBe(200);
        expect((await send('DELETE', `/customers/${later.id}`)).status).toBe(200);
    });
});
