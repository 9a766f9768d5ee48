import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler } from 'express';

/*
 * Where customers reach the server (PUBLIC_URL), for the links messages carry to the portal. Messages
 * are queued deep inside bookings, promotions, cancels and jobs, called from many routes: rather than
 * hand the address down through each of them, the server opens it once for every request and around its
 * jobs, and the outbox reads it when it writes a text. Several servers in one process (the tests) each
 * keep their own, since the address travels with the asynchronous work and not in a variable of the module.
 */

const site = new AsyncLocalStorage<{ publicUrl?: string }>();

/** Runs `work` (the job runner's timers, started inside it, keep it) with the server's public address. */
export const withPublicUrl = <T>(publicUrl: string | undefined, work: () => T): T => site.run({ publicUrl }, work);

/** Opens the server's public address for everything a request does. */
export const publicUrlOfRequests =
    (publicUrl: string | undefined): RequestHandler =>
    (_req, _res, next) =>
        site.run({ publicUrl }, next);

/** The customers' portal (`https://studio.example.com/my`), when the server knows its public address. */
export const portalAddress = (): string | undefined => {
    const publicUrl = site.getStore()?.publicUrl?.trim();
    return publicUrl ? `${publicUrl.replace(/\/+$/, '')}/my` : undefined;
};
