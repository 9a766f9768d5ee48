import compression from 'compression';
import express, { Router } from 'express';
import { auditedStorage, recordRequests } from './http/audit';
import { createAuth, type AuthOptions } from './http/auth';
import { collectionRoutes } from './routes/crud';
import { errorHandlerFor, notFound } from './http/errors';
import { featureRoutes, mountAll, publicRoutes } from './routes/features';
import { healthRoutes } from './routes/health';
import { createPortalSessions } from './http/portalSessions';
import { portalCalendarRoutes, portalRoutes } from './portal';
import { portalSignInRoutes, signInHoldRoutes, signInLinkRoutes } from './signIn';
import { portalConsentRoutes } from './consents';
import { portalPrivacyRoutes } from './privacy';
import { defaultSessionDays } from '../domain/portal';
import { publicUrlOfRequests, type Channels } from './messages';
import { choosePayments, noticeReceiver, providerNoticeRoutes, type PaymentSetup } from './payments';
import { linkPayer, settlement as settlementOf, isTestProvider } from './payments';
import { membershipLinks, portalMembershipRoutes } from './memberships';
import { prototypeRoutes } from './routes/prototypes/routes';
import { requestLog, type LogLevel } from './http/requestLog';
import { appFiles } from './http/static';
import type { Storage } from './storage/types';
import { prototypeNameProblem } from '../domain/prototypes';
import { appRouteSegments, prototypeOfPath } from '../domain/routes';
import { systemClock, type Clock } from '../domain/time';

interface Layer {
    route?: { path: unknown };
    handle: unknown;
}

/** The first segments of every literal path the router (and the routers inside it) answers: `auth`, `dashboard`... */
const routeSegments = (router: unknown): string[] =>
    ((router as { stack?: Layer[] }).stack ?? []).flatMap(layer => {
        if (layer.route)
            return typeof layer.route.path === 'string'
                ? [layer.route.path.split('/')[1] ?? ''].filter(segment => segment && !segment.startsWith(':'))
                : [];
        return routeSegments(layer.handle);
    });

interface ServerOptions {
    storage: Storage;
    distDir: string;
    /** Where the server's warnings and request lines go: the console by default. */
    log?: Pick<Console, 'info' | 'warn' | 'error'>;
    /** LOG_LEVEL: request lines are written at `info` and above (the default). */
    logLevel?: LogLevel;
    auth: AuthOptions;
    /**
     * The reverse proxies whose X-Forwarded-For and X-Forwarded-Proto are believed, as express's 'trust
     * proxy' takes them (a number of hops, or addresses and subnets); none by default, so a client
     * cannot pick the address its failed sign-ins are counted against.
     */
    trustedProxy?: number | string;
    /** Who takes the money of payment links (PAYMENT_PROVIDER, PUBLIC_URL): the test provider by default. */
    payments?: PaymentSetup;
    /** PAYMENT_LATE_GRACE_MINUTES: how long past its expiry a link still takes a payment begun before (30 minutes). */
    paymentLateGraceMs?: number;
    /** The channels messages go through (start.ts makes them from SMTP_URL...): none by default. */
    channels?: Channels;
    /** The address customers reach the server at (PUBLIC_URL): payment links are sent on it. */
    publicUrl?: string;
    /** PORTAL_SESSION_DAYS: how long a customer stays signed in to the portal (90 days by default). */
    portalSessionDays?: number;
    /**
     * The one clock every rule that depends on the time reads (today in the studio, a teacher's window,
     * closing classes, link expiry, sign-in limits and tokens, the time records and audit entries are
     * stamped with): the machine's by default; tests give one they move.
     */
    clock?: Clock;
}

/*
 * The built app runs on its own files alone: scripts only from this origin (no inline script, no
 * eval), styles inline too since MUI's emotion writes <style> elements, images and fonts from here or
 * data: URLs, and no page of this origin inside another's frame (the public payment page included).
 */
const contentSecurityPolicy = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
].join('; ');

/** The whole server: the API under /api over the database file, and the built app for every other path. */
export const createApp = (options: ServerOptions) => {
    const clock = options.clock ?? systemClock;
    // Every change made through the API leaves its entry in the audit trail.
    const storage = auditedStorage(options.storage, clock);
    const log = options.log ?? console;
    const auth = createAuth(storage, options.auth, clock, log);
    const errorHandler = errorHandlerFor(log);
    const payments = options.payments ?? choosePayments({});
    // Online payments are recorded, or given back, as the provider's notices say.
    const settlement =
        payments.provider &&
        settlementOf({
            storage,
            provider: payments.provider,
            clock,
            log,
            lateGraceMs: options.paymentLateGraceMs ?? 30 * 60_000,
            memberships: membershipLinks,
        });
    const { provider } = payments;
    // The test provider's notices go through the same checks as a real one's, in this process.
    if (settlement && isTestProvider(provider))
        provider.connect((raw, headers) => noticeReceiver(provider, settlement, log)(raw, headers, 'test provider'));

    const api = Router();
    api.use((req, res, next) => {
        // json-server's method override is not part of this API: a POST is a POST.
        delete req.headers['x-http-method-override'];
        // Answers hold customers' data and payment pages: no browser or proxy keeps a copy, errors included.
        res.setHeader('Cache-Control', 'no-store');
        next();
    });
    // Providers' notices are read as the bytes they were signed over: before the body is parsed as JSON.
    api.use(providerNoticeRoutes(payments.provider, settlement, log));
    api.use(express.json({ limit: '1mb', strict: true, type: ['application/json', 'application/*+json'] }));
    // After the body is read: the request's context must reach the handlers, and stream events do not carry it.
    api.use(recordRequests);
    // Messages queued by a request link to the portal at the server's public address.
    api.use(publicUrlOfRequests(options.publicUrl));
    api.use(healthRoutes(storage, options.distDir, clock));
    api.post('/auth/login', auth.login);
    api.use(mountAll(publicRoutes(storage, payments, settlement, clock, options.publicUrl)));
    // The customers' portal: its sign-in and calendar feeds without a token, the rest with a portal token
    // (which opens nothing else); a staff token opens none of it.
    const portalSessions = createPortalSessions(
        storage,
        auth.key,
        clock,
        options.portalSessionDays ?? defaultSessionDays,
    );
    api.use(portalSignInRoutes(storage, portalSessions, clock, options.channels ?? {}, log));
    api.use(portalCalendarRoutes(storage, clock));
    api.use('/portal', portalSessions.authenticate);
    api.use(portalRoutes(storage, portalSessions, clock, options.channels ?? {}, options.publicUrl));
    api.use(portalConsentRoutes(storage, clock));
    api.use(portalPrivacyRoutes(storage, clock));
    api.use(
        portalMembershipRoutes(
            storage,
            clock,
            linkPayer(storage, payments, clock, options.publicUrl),
            payments.provider !== null,
        ),
    );
    api.use('/portal', (req, _res, next) => next(notFound(`No API route for ${req.method} /portal${req.path}`)));
    api.use(auth.authenticate);
    api.get('/auth/me', auth.me);
    api.post('/auth/logout', auth.logout);
    api.post('/auth/logout-everywhere', auth.logoutEverywhere);
    api.use(signInHoldRoutes(storage, clock));
    api.use(signInLinkRoutes(storage, clock, options.publicUrl));
    api.use(mountAll(featureRoutes(storage, payments, settlement, clock, options.channels ?? {})));
    // Names a prototype collection cannot take: every path the API and the app use, filled in below.
    const reserved = new Set<string>([...appRouteSegments, 'api', 'assets', 'db', 'prototypes', 'my']);
    const prototypes = prototypeRoutes(storage, reserved);
    api.use(prototypes);
    api.use(collectionRoutes(storage, clock, { publicUrl: options.publicUrl }));
    api.use((req, _res, next) => next(notFound(`No API route for ${req.method} ${req.path}`)));
    api.use(errorHandler);
    routeSegments(api).forEach(segment => reserved.add(segment));
    void storage.prototypeNames().then(names =>
        names.forEach(name => {
            const problem = prototypeNameProblem(name, reserved);
            if (problem) log.warn(`The collection "${name}" in the database is not served: ${problem}.`);
        }),
    );

    const app = express();
    app.disable('x-powered-by');
    app.set('etag', false);
    if (options.trustedProxy !== undefined) app.set('trust proxy', options.trustedProxy);
    // API answers and index.html compressed on the fly above 1 kB; the app's files come compressed from the build.
    // First, so that every answer has its request id and its line, errors and files included.
    app.use(requestLog(line => log.info(line), options.logLevel ?? 'info'));
    app.use(compression({ threshold: 1024 }));
    app.use((req, res, next) => {
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.setHeader('Referrer-Policy', 'same-origin');
        res.setHeader('Content-Security-Policy', contentSecurityPolicy);
        // For browsers that predate frame-ancestors.
        res.setHeader('X-Frame-Options', 'DENY');
        // Only over https: sent over plain http it would lock the name to https where there may be none.
        if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
        next();
    });
    app.use('/api', api);
    app.use(
        appFiles(options.distDir, async path => {
            const name = prototypeOfPath(path);
            return name !== undefined && !reserved.has(name) && (await storage.prototypeNames()).includes(name);
        }),
    );
    app.use(errorHandler);
    // The clock too, for the work the server does on its own (startClosingClasses).
    return { app, storage, clock, settlement };
};
