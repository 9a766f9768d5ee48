import { randomBytes } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { Role, StoredUser, User } from '../domain/types';
import { validate } from '../domain/validation';
import { recordUser } from './audit';
import { ApiError, handle, invalidFields } from './errors';
import { decoyHash, verifyPassword } from './passwords';
import { signInGuard } from './signInGuard';
import type { Row, Storage } from './storage/types';

export interface AuthOptions {
    /** At least 32 characters; without one a random secret is made and tokens end with the process. */
    secret?: string;
    tokenTtlHours: number;
    /**
     * Failed sign-ins per email and address within the window before each next try from there waits
     * (1, 2, 4 ... 60 s); an address may fail on four times as many different accounts, and twenty
     * times as many from all addresses together hold the account (src/domain/signInLimits.ts).
     */
    maxFailures: number;
    failureWindowMs: number;
    /** The clock the limits read (milliseconds since the epoch); the system's by default. */
    now?: () => number;
}

export interface AuthenticatedRequest extends Request {
    user: User & { role: Role };
}

/**
 * How many times the user's sign-ins were revoked (a new password, another role, deactivation, signing
 * out): a token carries the version it was issued at and is refused once the record holds another. The
 * server owns the field; a user never revoked has none, which reads as 0.
 */
export const tokenVersionOf = (user: StoredUser | Row): number => {
    const version = user.tokenVersion;
    return typeof version === 'number' ? version : 0;
};

/** What a user record looks like to the user: never the password hash, the token version or a hold. */
export const publicUser = (user: StoredUser): User => {
    const { passwordHash: _hash, tokenVersion: _version, signInHold: _hold, ...visible } = user;
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
    const guard = signInGuard(
        storage,
        { maxFailures: options.maxFailures, windowMs: options.failureWindowMs },
        options.now ?? Date.now,
    );

    const login: RequestHandler = handle(async (req, res) => {
        const input = validate(loginSchema, req.body ?? {});
        if (!input.ok) throw invalidFields(input.errors);
        const { email, password } = input.value;
        // Emails are unique whatever their case, so one user at most answers.
        const user = (
            await storage.select('users', [{ field: 'email', kind: 'equals', values: [email], caseless: true }])
        ).at(0);
        // The client's address: behind a reverse proxy trusted with TRUSTED_PROXY, the one it forwards.
        const attempt = { email, address: req.ip ?? 'unknown', user };
        const recent = await guard.admit(attempt);
        const matches = await verifyPassword(password, user?.passwordHash ?? decoyHash);
        if (!user || !matches || !user.active) {
            await guard.rejected(attempt, recent);
            throw new ApiError(401, 'Wrong email or password', { email: 'app.auth.invalid_credentials' });
        }
        await guard.succeeded(attempt);
        const token = await new SignJWT({ role: user.role, ver: tokenVersionOf(user) })
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
        let version: unknown;
        try {
            const { payload } = await jwtVerify(match[1], key, { algorithms: ['HS256'] });
            subject = payload.sub;
            version = payload.ver;
        } catch {
            throw new ApiError(401, 'Your session has expired. Sign in again.');
        }
        const user = await storage.get('users', Number(subject));
        if (!user || !user.active) throw new ApiError(401, 'Your account is not active');
        // A token without a version predates revocation and is refused like a revoked one.
        if (version !== tokenVersionOf(user)) throw new ApiError(401, 'You were signed out. Sign in again.');
        (req as AuthenticatedRequest).user = publicUser(user);
        recordUser(user);
    };
    const authenticate: RequestHandler = (req, _res, next) => {
        identify(req).then(() => next(), next);
    };

    const me: RequestHandler = (req, res) => {
        res.json({ user: (req as AuthenticatedRequest).user });
    };

    /** Signing out revokes every token of the user, on every device: a copied token is no use afterwards. */
    const logout: RequestHandler = handle(async (req, res) => {
        const { id } = (req as AuthenticatedRequest).user;
        await storage.transaction(async tx => {
            const user = await tx.get('users', id);
            if (!user) return;
            const revoked = { ...user, tokenVersion: tokenVersionOf(user) + 1 };
            await tx.update('users', revoked);
        });
        res.status(204).end();
    });

    return { login, authenticate, me, logout };
};
