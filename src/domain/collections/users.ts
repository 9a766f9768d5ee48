import { z } from 'zod';
import { email, hexColor, instant, optional, phone, requiredText } from '../fields';
import { payRates } from '../payRates';
import { roles } from '../roles';
import { declare } from './declare';

const password = z.string().min(8, 'app.validation.password_length').max(200, 'app.validation.too_long');

export const userSchema = z.object({
    name: requiredText(120),
    email,
    role: z.enum(roles, { error: 'app.validation.choice' }),
    phone: optional(phone),
    active: z.boolean().default(true),
    color: optional(hexColor),
    pay: payRates,
    password: optional(password),
});
/** An account held after a spread attack on its password (src/domain/signInLimits.ts); set by the server. */
export const signInHoldSchema = z.object({
    since: instant,
    /** The failures from all addresses that made the hold. */
    failures: z.number().int().min(0),
    /** When it ends by itself, unless failures go on. */
    until: instant,
    releasedAt: instant.optional(),
    /** The admin who released it. */
    releasedBy: z.string().optional(),
});

/** On create the password is required. */
export const userCreateSchema = userSchema.extend({ password });

export const users = declare({
    schema: userSchema,
    // Set by the server when many failed sign-ins hold the account; admins alone read it.
    server: { signInHold: signInHoldSchema.optional() },
    /*
     * tokenVersion counts the revocations of all the user's sign-ins ("sign out everywhere", a new
     * password, another role); revokedSessions are sign-ins ended on their own device, kept until their
     * tokens would have expired.
     */
    hidden: {
        passwordHash: z.string(),
        tokenVersion: z.number().int().optional(),
        revokedSessions: z.array(z.object({ sid: z.string(), until: instant })).optional(),
    },
    sometimes: ['tokenVersion', 'signInHold', 'revokedSessions'],
    unique: [['email']],
    search: ['name', 'email', 'phone'],
    indexed: ['email', 'role'],
    readable: { manager: { except: ['signInHold'] }, teacher: { except: ['signInHold'] } },
    idKind: 'integer',
});
