import { describe, expect, it } from 'vitest';
import type { Customer } from '../../src/domain/types';
import { serverForEveryRole } from '../support/server';

/*
 * A ward and their guardian, set on the card through ra-data-simple-rest as the app sets them: the
 * guardian is another customer who is nobody's ward, a guardian is never made a ward, a guardian with
 * wards is not deleted from under them, and plans say whether they are sold online.
 */

const served = serverForEveryRole();
const manager = () => served.clients.manager;
let phone = 100;
const newCustomer = async (firstName: string, fields: Partial<Customer> = {}) =>
    (
        await manager().create<Customer>('customers', {
            data: {
                firstName,
                lastName: 'Family',
                phone: `+7 902 000-01-${String(phone++).slice(1)}`,
                status: 'active',
                ...fields,
            },
        })
    ).data;

const refusal = async (work: Promise<unknown>) => {
    try {
        await work;
    } catch (error) {
        return error as { status: number; body: { errors?: Record<string, string> } };
    }
    throw new Error('the write was not refused');
};

describe('a guardian', () => {
    it('is set on a ward, who keeps it through an edit of the card, and the consent stays the server’s', async () => {
        const parent = await newCustomer('Parent');
        const child = await newCustomer('Child', { guardianId: parent.id });
        expect(child).toMatchObject({ guardianId: parent.id, consentAt: null });
        const edited = await manager().update<Customer>('customers', {
            id: child.id,
            data: { ...child, notes: 'Comes on Saturdays', consentAt: '2030-01-01T00:00:00.000Z' },
            previousData: child,
        });
        expect(edited.data).toMatchObject({ guardianId: parent.id, notes: 'Comes on Saturdays', consentAt: null });
        const wards = await manager().getList<Customer>('customers', {
            filter: { guardianId: parent.id },
            pagination: { page: 1, perPage: 10 },
            sort: { field: 'id', order: 'ASC' },
        });
        expect(wards.data.map(ward => ward.id)).toEqual([child.id]);
    });

    it('is nobody’s ward, is not their own, and a guardian is not made a ward', async () => {
        const parent = await newCustomer('Mother');
        const child = await newCustomer('Son', { guardianId: parent.id });
        const grandchild = await refusal(newCustomer('Grandson', { guardianId: child.id }));
        expect(grandchild.status).toBe(400);
        expect(grandchild.body.errors).toEqual({ guardianId: 'app.validation.guardian' });
        const self = await refusal(
            manager().update('customers', {
                id: parent.id,
                data: { ...parent, guardianId: parent.id },
                previousData: parent,
            }),
        );
        expect(self.status).toBe(400);
        const other = await newCustomer('Grandmother');
        const parentAsWard = await refusal(
            manager().update('customers', {
                id: parent.id,
                data: { ...parent, guardianId: other.id },
                previousData: parent,
            }),
        );
        expect(parentAsWard.status).toBe(400);
        expect(parentAsWard.body.errors).toEqual({ guardianId: 'app.validation.guardian' });
        const nobody = await refusal(newCustomer('Orphan', { guardianId: 999_999 }));
        expect(nobody.status).toBe(400);
    });

    it('with wards is not deleted from under them', async () => {
        const parent = await newCustomer('Father');
        await newCustomer('Daughter', { guardianId: parent.id });
        const refused = await refusal(
            served.clients.admin.delete('customers', { id: parent.id, previousData: parent }),
        );
        expect(refused.status).toBe(409);
    });
});

describe('a plan', () => {
    it('is sold online when staff say so, and not by default', async () => {
        const plain = await served.clients.admin.create('subscriptions', {
            data: { name: 'Offline plan', price: 1000, visits: 4, validityDays: 30 },
        });
        expect(plain.data).toMatchObject({ soldOnline: false });
        const online = await served.clients.admin.create('subscriptions', {
            data: { name: 'Online plan', price: 1000, visits: 4, validityDays: 30, soldOnline: true },
        });
        expect(online.data).toMatchObject({ soldOnline: true });
    });
});
