import { randomBytes } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { Role, StoredUser, User } from '../domain/types';
import { validate } from '../domain/validation';
import { Attempts } from './attempts';
import { ApiError, handle, invalidFields } from './errors';
import { decoyHash, verifyPassword } from './passwords';
import type { Storage } from './storage/types';

export interface AuthOptions {
    /** At least 32 characters; without one a random secret is made and tokens end with the process. */
    secret?: string;
    tokenTtlHours: number;
    /** Failed logins allowed per email and address within the window before 429. */
    maxFailures: number;
    failureWindowMs: number;
}

export interface AuthenticatedRequest extends Request {
    user: User & { role: Role };
}

/** What a user record looks like to any client: never the password hash. */
export const publicUser = (user: StoredUser): User => {
    const { passwordHash: _hash, ...visible } = user;
    return visible;
};

const loginSchema = z.object({
    email: z.string().trim().toLowerCase().min(1, 'ra.validation.required').max(200),
    password: z.string().min(1, 'ra.validation.required').max(200),
});

export const createAuth = (storage: Storage, options: AuthOptions) => {
    if (!options.secret) {
        console.warn('TOKEN_SECRET is not set: using a random secret, so sign-ins end when the server restarts.');
    } else if (options.secret.length < 32) {
        throw new Error('TOKEN_SECRET must be at least 32 characters long.');
    }
    const key = options.secret ? new TextEncoder().encode(options.secret) : randomBytes(32);
    // Failed sign-ins are limited per email and address, and four times more loosely per address alone,
    // so that neither guessing one account from many places nor many accounts from one goes unchecked.
    const byEmail = new Attempts(options.maxFailures, options.failureWindowMs);
    const byAddress = new Attempts(options.maxFailures * 4, options.failureWindowMs);

    const login: RequestHandler = handle(async (req, res) => {
        const input = validate(loginSchema, req.body ?? {});
        if (!input.ok) throw invalidFields(input.errors);
        const { email, password } = input.value;
        const address = req.socket.remoteAddress ?? 'unknown';
        const emailKey = `${email}|${address}`;
        const wait = Math.max(byEmail.retryAfter(emailKey), byAddress.retryAfter(address));
        if (wait > 0) {
            res.setHeader('Retry-After', String(wait));
            throw new ApiError(429, 'Too many failed sign-ins. Try again later.', undefined, { retryAfter: wait });
        }
        // Emails are unique whatever their case, so one user at most answers.
        const user = (await storage.select('users', [{ field: 'email', kind: 'equals', values: [email], caseless: true }])).at(0);
        const matches = await verifyPassword(password, user?.passwordHash ?? decoyHash);
        if (!user || !matches || !user.active) {
            byEmail.record(emailKey);
            byAddress.record(address);
            throw new ApiError(401, 'Wrong email or password', { email: 'app.auth.invalid_credentials' });
        }
        byEmail.clear(emailKey);
        const token = await new SignJWT({ role: user.role })
            .setProtectedHeader({ alg: 'HS256' })
            .setSubject(String(user.id))
            .setIssuedAt()
            .setExpirationTime(`${options.tokenTtlHours}h`)
            .sign(key);
        res.json({ token, user: publicUser(user) });
    });

    /** Every API request but login and the public payment page carries a valid token of an active user. */
    const identify = async (req: Request) => {
        const header = req.headers.authorization ?? '';
        const match = /^Bearer (\S+)$/.exec(header);
        if (!match) throw new ApiError(401, 'Sign in first');
        let subject: string | undefined;
        try {
            const { payload } = await jwtVerify(match[1], key, { algorithms: ['HS256'] });
            subject = payload.sub;
        } catch {
            throw new ApiError(401, 'Your session has expired. Sign in again.');
        }
        const user = await storage.get('users', Number(subject));
        if (!user || !user.active) throw new ApiError(401, 'Your account is not active');
        (req as AuthenticatedRequest).user = publicUser(user);
    };
    const authenticate: RequestHandler = (req, _res, next) => {
        identify(req).then(() => next(), next);
    };

    const me: RequestHandler = (req, res) => {
        res.json({ user: (req as AuthenticatedRequest).user });
    };

    return { login, authenticate, me };
};
