import { randomBytes } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { Clock } from '../../domain/time';
import type { Role, StoredUser, User } from '../../domain/types';
import { validate } from '../../domain/validation';
import { recordUser } from './audit';
import { ApiError, handle, invalidFields } from './errors';
import { decoyHash, verifyPassword } from './passwords';
import { signInGuard } from './signInGuard';
import type { Row, Storage } from '../storage/types';

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
}

export interface AuthenticatedRequest extends Request {
    user: User & { role: Role };
    /** The sign-in the token belongs to (tokens issued before sessions had ids have none) and when it ends. */
    session: { id?: string; expiresAt: number };
}

type RevokedSession = NonNullable<StoredUser['revokedSessions']>[number];

/** Sign-ins ended on their own device, remembered with the user until their tokens would have expired anyway. */
const revokedSessionsOf = (user: StoredUser): RevokedSession[] =>
    Array.isArray(user.revokedSessions) ? user.revokedSessions : [];

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
const publicUser = (user: StoredUser): User => {
    const {
        passwordHash: _hash,
        tokenVersion: _version,
        signInHold: _hold,
        revokedSessions: _revoked,
        ...visible
    } = user;
    return visible;
};

const loginSchema = z.object({
    email: z.string().trim().toLowerCase().min(1, 'ra.validation.required').max(200),
    password: z.string().min(1, 'ra.validation.required').max(200),
});

/**
 * Sign-in, tokens and signing out. `clock` is the server's: the sign-in limits count by it, a token is
 * issued at its time and expires `tokenTtlHours` after, and is judged expired by it.
 */
export const createAuth = (
    storage: Storage,
    options: AuthOptions,
    clock: Clock,
    log: Pick<Console, 'warn'> = console,
) => {
    if (!options.secret) {
        log.warn('TOKEN_SECRET is not set: using a random secret, so sign-ins end when the server restarts.');
    } else if (options.secret.length < 32) {
        throw new Error('TOKEN_SECRET must be at least 32 characters long.');
    }
    const key = options.secret ? new TextEncoder().encode(options.secret) : randomBytes(32);
    const guard = signInGuard(storage, { maxFailures: options.maxFailures, windowMs: options.failureWindowMs }, () =>
        clock().getTime(),
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
        // Each sign-in is a session of its own, so that signing out on one device leaves the others.
        const sid = randomBytes(12).toString('base64url');
        // In seconds since the epoch, by the server's clock.
        const issuedAt = Math.floor(clock().getTime() / 1000);
        const token = await new SignJWT({ role: user.role, ver: tokenVersionOf(user), sid })
            .setProtectedHeader({ alg: 'HS256' })
            .setSubject(String(user.id))
            .setIssuedAt(issuedAt)
            .setExpirationTime(issuedAt + Math.round(options.tokenTtlHours * 3600))
            .sign(key);
        res.json({ token, user: publicUser(user) });
    });

    /** Every API request but login and the public payment page carries a valid token of an active user. */
    const identify = async (req: Request) => {
        const header = req.headers.authorization ?? '';
        const match = /^Bearer (\S+)$/.exec(header);
        if (!match) throw new ApiError(401, 'Sign in first');
        let payload: { sub?: string; ver?: unknown; sid?: unknown; exp?: number; aud?: unknown };
        try {
            payload = (await jwtVerify(match[1], key, { algorithms: ['HS256'], currentDate: clock() })).payload;
        } catch {
            throw new ApiError(401, 'Your session has expired. Sign in again.', undefined, { reason: 'expired' });
        }
        // A customer's portal token (audience `portal`) opens the portal's paths only, never the staff's.
        if (payload.aud !== undefined) throw new ApiError(401, 'Sign in first');
        const user = await storage.get('users', Number(payload.sub));
        if (!user || !user.active) throw new ApiError(401, 'Your account is not active');
        // A token without a version predates revocation and is refused like a revoked one.
        if (payload.ver !== tokenVersionOf(user))
            throw new ApiError(401, 'You were signed out everywhere. Sign in again.', undefined, {
                reason: 'everywhere',
            });
        const sid = typeof payload.sid === 'string' ? payload.sid : undefined;
        if (sid && revokedSessionsOf(user).some(revoked => revoked.sid === sid))
            throw new ApiError(401, 'You were signed out on this device. Sign in again.', undefined, {
                reason: 'this_device',
            });
        (req as AuthenticatedRequest).user = publicUser(user);
        (req as AuthenticatedRequest).session = { id: sid, expiresAt: (payload.exp ?? 0) * 1000 };
        recordUser(user);
    };
    const authenticate: RequestHandler = (req, _res, next) => {
        identify(req).then(() => next(), next);
    };

    const me: RequestHandler = (req, res) => {
        res.json({ user: (req as AuthenticatedRequest).user });
    };

    /**
     * Signing out ends this sign-in only: its session is remembered as revoked until its token would
     * expire, and the user's other devices stay signed in. (A token from before sessions had ids can
     * only be ended with all the others.)
     */
    const logout: RequestHandler = handle(async (req, res) => {
        const { user, session } = req as AuthenticatedRequest;
        await storage.transaction(async tx => {
            const stored = await tx.get('users', user.id);
            if (!stored) return;
            if (!session.id) return tx.update('users', { ...stored, tokenVersion: tokenVersionOf(stored) + 1 });
            const now = clock().getTime();
            const revokedSessions = [
                ...revokedSessionsOf(stored).filter(revoked => Date.parse(revoked.until) > now),
                { sid: session.id, until: new Date(session.expiresAt).toISOString() },
            ];
            await tx.update('users', { ...stored, revokedSessions });
        });
        res.status(204).end();
    });

    /** Signing out everywhere revokes every token of the user, on every device: a copied token is no use afterwards. */
    const logoutEverywhere: RequestHandler = handle(async (req, res) => {
        const { id } = (req as AuthenticatedRequest).user;
        await storage.transaction(async tx => {
            const stored = await tx.get('users', id);
            if (!stored) return;
            // Every token before the new version is refused: no single session needs remembering.
            const { revokedSessions: _ended, ...rest } = stored;
            await tx.update('users', { ...rest, tokenVersion: tokenVersionOf(stored) + 1 });
        });
        res.status(204).end();
    });

    return { login, authenticate, me, logout, logoutEverywhere, key };
};
