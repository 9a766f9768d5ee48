import { payChangeProblem, type PayRate } from '../../domain/pay';
import { userCreateSchema } from '../../domain/schemas';
import { studioToday } from '../../domain/time';
import { studioConfig } from '../rules/studio';
import { tokenVersionOf } from '../http/auth';
import { badRequest } from '../http/errors';
import { hashPassword } from '../http/passwords';
import { withStoredPhone } from '../customers';
import type { WriteRules } from '../rules/types';

/** A password is stored only as its hash (made before the write, being slow), a phone in E.164; nobody changes their own role, or deactivates or deletes themselves. */
export const userRules: WriteRules<'users'> = {
    createSchema: userCreateSchema,
    prepare: async input => {
        const { password, ...rest } = input;
        return typeof password === 'string' ? { ...rest, passwordHash: await hashPassword(password) } : rest;
    },
    create: (record, { tx }) => withStoredPhone(record, null, tx),
    update: async (input, before, { user, tx, now }) => {
        const record = await withStoredPhone(input, before, tx);
        // A teacher's rates in force before today are what past classes were paid by: they stay.
        const problem = payChangeProblem(
            before.pay as PayRate[],
            record.pay as PayRate[],
            studioToday((await studioConfig(tx)).timezone, now),
        );
        if (problem)
            throw badRequest(
                'Rates in force before today cannot be changed or removed: add a rate from today or later',
                { pay: problem },
            );
        if (before.id === user.id) {
            if (record.role !== before.role)
                throw badRequest('Nobody may change their own role', { role: 'app.validation.own_role' });
            if (record.active === false)
                throw badRequest('You cannot deactivate yourself', { active: 'app.validation.own_active' });
        }
        // The token version is the server's (a client's is never in `record`): it moves on when what a
        // sign-in was granted for changes, so that the tokens issued before are refused.
        const revoke =
            record.passwordHash !== undefined ||
            record.role !== before.role ||
            (record.active === false && before.active !== false);
        const version = tokenVersionOf(before);
        return {
            ...record,
            passwordHash: record.passwordHash ?? before.passwordHash,
            tokenVersion: revoke ? version + 1 : version,
            // The sessions signed out one by one stay refused; after a revocation of all, none needs remembering.
            ...(!revoke && before.revokedSessions !== undefined ? { revokedSessions: before.revokedSessions } : {}),
        };
    },
    delete: async (record, { user }) => {
        if (record.id === user.id) throw badRequest('You cannot delete yourself');
    },
};
