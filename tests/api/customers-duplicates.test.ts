import { describe, expect, it } from 'vitest';
import { call, serverForEveryRole } from '../support/server';

/*
 * A customer added twice: the server, not only the form, refuses a new customer whose phone number is
 * already someone's, however it is written, and names them; the request that says the desk saw them
 * (`confirmDuplicate: true`) adds the customer, and that word is never stored.
 */

const served = serverForEveryRole();
const post = (body: Record<string, unknown>) =>
    call(served.server.url, '/api/customers', { method: 'POST', token: served.tokens.manager, json: body });

describe('a new customer with a phone that is taken', () => {
    // Customer 1 of the demo: Анастасия Кузнецова, +7 952 632-70-15.
    const twin = { firstName: 'Анастасия', lastName: 'Кузнецова', phone: '8 (952) 632 70 15', status: 'lead' };

    it('is refused with 409 naming the customers who have it, however the number is written', async () => {
        const refused = await post(twin);
        expect(refused.status).toBe(409);
        expect(refused.body).toMatchObject({
            errors: { phone: 'app.validation.duplicate_phone' },
            duplicates: [{ id: 1, name: 'Анастасия Кузнецова' }],
        });
        const total = await call(served.server.url, '/api/customers?filter={"phoneDigits":"89526327015"}', {
            token: served.tokens.manager,
        });
        expect(total.body).toHaveLength(1);
    });

    it('is added when the request confirms it, and the confirmation is not stored', async () => {
        const added = await post({ ...twin, confirmDuplicate: true });
        expect(added.status).toBe(201);
        expect(added.body).not.toHaveProperty('confirmDuplicate');
        const stored = await call(served.server.url, `/api/customers/${added.body.id}`, { token: served.tokens.admin });
        expect(stored.body).not.toHaveProperty('confirmDuplicate');
        expect(stored.body).toMatchObject({ phone: '+79526327015' });
    });

    it('refuses a confirmation that is not true or false', async () => {
        expect((await post({ ...twin, confirmDuplicate: 'yes' })).status).toBe(400);
    });

    it('is not asked of a phone nobody has', async () => {
        expect((await post({ ...twin, phone: '+7 952 000-00-99' })).status).toBe(201);
    });
});
