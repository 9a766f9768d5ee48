import { userCreateSchema } from '../../domain/schemas';
import { badRequest } from '../errors';
import { hashPassword } from '../passwords';
import type { WriteRules } from './types';

/** A password is stored only as its hash (made before the write, being slow); nobody changes their own role, or deactivates or deletes themselves. */
export const userRules: WriteRules = {
    createSchema: userCreateSchema,
    prepare: async input => {
        const { password, ...rest } = input;
        return typeof password === 'string' ? { ...rest, passwordHash: await hashPassword(password) } : rest;
    },
    update: async (record, before, { user }) => {
        if (before.id === user.id) {
            if (record.role !== before.role) throw badRequest('Nobody may change their own role', { role: 'app.validation.own_role' });
            if (record.active === false) throw badRequest('You cannot deactivate yourself', { active: 'app.validation.own_active' });
        }
        return { ...record, passwordHash: record.passwordHash ?? before.passwordHash };
    },
    delete: async (record, { user }) => {
        if (record.id === user.id) throw badRequest('You cannot delete yourself');
    },
};
