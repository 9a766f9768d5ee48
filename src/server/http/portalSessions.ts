import { randomBytes } from 'node:crypto';
import { isErased } from '../../domain/privacy';
import type { Request, RequestHandler } from 'express';
import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../domain/time';
import type { StoredCustomer } from '../../domain/types';
import { recordCustomer } from './audit';
import { ApiError, handle } from './errors';
import type { Storage, Transaction } from '../storage/types';

/*
 * The customers' sessions in the portal: a token of its own audience (`portal`), for the customer's id,
 * signed with the staff tokens' key but opening only /api/portal/* (the staff's check refuses it, and this
 * one refuses a staff token). A session lasts PORTAL_SESSION_DAYS; the customer ends it on this device
 * (its id is remembered as ended until it would have expired) or on all of them (their sessions' version
 * moves on).
 */

const portalAudience = 'portal';

export interface PortalRequest extends Request {
    customer: StoredCustomer;
    portalSession: { id: string; expiresAt: number };
}

type Revoked = NonNullable<StoredCustomer['portalRevoked']>[number];

const versionOf = (customer: StoredCustomer): number => customer.portalVersion ?? 0;

export const createPortalSessions = (storage: Storage, key: Uint8Array, clock: Clock, sessionDays: number) => {
    /** A new session's token for the customer. */
    const issue = (customer: StoredCustomer): Promise<string> => {
        const issuedAt = Math.floor(clock().getTime() / 1000);
        return new SignJWT({ ver: versionOf(customer), sid: randomBytes(12).toString('base64url') })
            .setProtectedHeader({ alg: 'HS256' })
            .setAudience(portalAudience)
            .setSubject(String(customer.id))
            .setIssuedAt(issuedAt)
            .setExpirationTime(issuedAt + Math.round(sessionDays * 86_400))
            .sign(key);
    };

    const identify = async (req: Request) => {
        const match = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
        if (!match) throw new ApiError(401, 'Sign in first');
        let payload: { sub?: string; ver?: unknown; sid?: unknown; exp?: number };
        try {
            payload = (
                await jwtVerify(match[1], key, {
                    algorithms: ['HS256'],
                    audience: portalAudience,
                    currentDate: clock(),
                })
            ).payload;
        } catch {
            throw new ApiError(401, 'Your session has ended. Sign in again.', undefined, { reason: 'expired' });
        }
        const customer = (await storage.get('customers', Number(payload.sub))) as StoredCustomer | undefined;
        const sid = typeof payload.sid === 'string' ? payload.sid : '';
        if (
            !customer ||
            isErased(customer) ||
            payload.ver !== versionOf(customer) ||
            (customer.portalRevoked ?? []).some(revoked => revoked.sid === sid)
        )
            throw new ApiError(401, 'You were signed out. Sign in again.', undefined, { reason: 'signed_out' });
        (req as PortalRequest).customer = customer;
        (req as PortalRequest).portalSession = { id: sid, expiresAt: (payload.exp ?? 0) * 1000 };
        recordCustomer(customer);
    };

    const authenticate: RequestHandler = (req, _res, next) => {
        identify(req).then(() => next(), next);
    };

    /** Ends this session only: remembered as ended until its token would have expired anyway. */
    const logout: RequestHandler = handle(async (req, res) => {
        const { customer, portalSession } = req as PortalRequest;
        await storage.transaction(async tx => {
            const stored = await storedCustomer(tx, customer.id);
            if (!stored) return;
            const now = clock().getTime();
            const portalRevoked: Revoked[] = [
                ...(stored.portalRevoked ?? []).filter(revoked => Date.parse(revoked.until) > now),
                { sid: portalSession.id, until: new Date(portalSession.expiresAt).toISOString() },
            ];
            await tx.update('customers', { ...stored, portalRevoked } as StoredCustomer);
        });
        res.status(204).end();
    });

    /** Ends every session of the customer, on every device. */
    const logoutEverywhere: RequestHandler = handle(async (req, res) => {
        const { customer } = req as PortalRequest;
        await storage.transaction(async tx => {
            const stored = await storedCustomer(tx, customer.id);
            if (!stored) return;
            const { portalRevoked: _ended, ...rest } = stored;
            await tx.update('customers', { ...rest, portalVersion: versionOf(stored) + 1 } as StoredCustomer);
        });
        res.status(204).end();
    });

    return { issue, authenticate, logout, logoutEverywhere };
};

export type PortalSessions = ReturnType<typeof createPortalSessions>;

const storedCustomer = async (tx: Transaction, id: number) =>
    (await tx.get('customers', id)) as StoredCustomer | undefined;
