import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { email as emailField, optional, phone as phoneField, requiredText } from '../../domain/fields';
import { codeSpacingMs, loginKey, loginOf } from '../../domain/portal';
import { locales } from '../../domain/schemas';
import { e164Phone } from '../../domain/phones';
import { phoneNumberKey } from '../../domain/search';
import type { Clock } from '../../domain/time';
import type { StoredCustomer } from '../../domain/types';
import { validate } from '../../domain/validation';
import { Attempts } from '../http/attempts';
import { ApiError, badRequest, conflict, handle, invalidFields, notFound } from '../http/errors';
import type { PortalSessions } from '../http/portalSessions';
import { allow, numericId } from '../http/requests';
import type { Channels } from '../messages/channels';
import { candidatesOf, giveCode, makeSignInLink, matchCode, spendCode, spendSignInLink } from '../rules/portalSignIn';
import { portalCustomer } from '../rules/portalViews';
import { studioConfig } from '../rules/studio';
import type { Storage } from '../storage/types';

/*
 * Signing in to the portal, without a token: POST /api/portal/auth/code sends a code to a login (always
 * 202, whoever has it or not), /verify exchanges it for a session, /link spends a staff-made sign-in
 * link (a POST from its page's button, never a GET), /join signs a new customer up, /setup says what the
 * sign-in page needs. Staff make the link with POST /api/customers/:id/sign-in-link (signInLinkRoutes).
 */

const loginSchema = z.object({ login: requiredText(200) });
const verifySchema = z.object({
    login: requiredText(200),
    code: z
        .string({ error: 'ra.validation.required' })
        .trim()
        .regex(/^\d{6}$/, 'app.portal.wrong_code'),
    customerId: z.number().int().positive().optional(),
});
const linkSchema = z.object({ token: z.string({ error: 'ra.validation.required' }).max(200) });
const joinSchema = z.object({
    firstName: requiredText(80),
    lastName: requiredText(80),
    phone: phoneField,
    email: emailField,
    consent: z.literal(true, { error: 'app.portal.consent_required' }),
    locale: optional(z.enum(locales, { error: 'app.validation.choice' })),
});

const parsed = <T>(schema: z.ZodType<T>, body: unknown): T => {
    const input = validate(schema, body ?? {});
    if (!input.ok) throw invalidFields(input.errors);
    return input.value;
};

/** 429 with the seconds to wait, when any of the limits is reached. */
const limited = (res: Response, waits: number[]) => {
    const wait = Math.max(0, ...waits);
    if (!wait) return;
    res.setHeader('Retry-After', String(wait));
    throw new ApiError(429, `Too many tries: try again in ${wait} s`, undefined, { retryAfter: wait });
};

const addressOf = (req: Request) => req.ip ?? 'unknown';

export const portalSignInRoutes = (
    storage: Storage,
    sessions: PortalSessions,
    clock: Clock,
    channels: Channels,
): Router => {
    const router = Router();
    // Kept in memory, per process: a restart forgets them (the codes' own limits are stored).
    const codesByAddress = new Attempts(20, 10 * 60_000);
    const codesByLogin = new Attempts(1, codeSpacingMs);
    const codesByLoginHourly = new Attempts(5, 3_600_000);
    const wrongByAddress = new Attempts(30, 10 * 60_000);
    const joinsByAddress = new Attempts(10, 60 * 60_000);

    const signedIn = async (customer: StoredCustomer) => ({
        token: await sessions.issue(customer),
        customer: await portalCustomer(storage, customer),
    });

    router.get(
        '/portal/auth/setup',
        handle(async (_req, res) => {
            const config = await studioConfig(storage);
            const bot = channels.telegram?.bot;
            if (bot && !bot.isInited()) await bot.init().catch(() => undefined);
            res.json({
                studioName: config.studioName,
                defaultLocale: config.defaultLocale,
                currency: config.currency,
                timezone: config.timezone,
                telegramBot: bot?.isInited() ? bot.botInfo.username : null,
            });
        }),
    );

    router.post(
        '/portal/auth/code',
        handle(async (req, res) => {
            const { login: typed } = parsed(loginSchema, req.body);
            const login = loginOf(typed, (await studioConfig(storage)).country);
            if (!login) throw badRequest('Give an e-mail or a phone number', { login: 'app.portal.login_invalid' });
            const now = clock().getTime();
            const key = loginKey(login);
            const address = addressOf(req);
            limited(res, [
                codesByAddress.retryAfter(address, now),
                codesByLogin.retryAfter(key, now),
                codesByLoginHourly.retryAfter(key, now),
            ]);
            codesByAddress.record(address, now);
            codesByLogin.record(key, now);
            codesByLoginHourly.record(key, now);
            const candidates = await candidatesOf(storage, login);
            if (candidates.length) await storage.transaction(tx => giveCode(tx, candidates, clock(), true));
            // The same answer whether anyone has the login or not, with the wait before the next code.
            res.status(202).json({ sent: true, retryAfter: Math.ceil(codeSpacingMs / 1000) });
        }),
    );

    router.post(
        '/portal/auth/verify',
        handle(async (req, res) => {
            const input = parsed(verifySchema, req.body);
            const login = loginOf(input.login, (await studioConfig(storage)).country);
            const address = addressOf(req);
            const now = clock();
            limited(res, [wrongByAddress.retryAfter(address, now.getTime())]);
            const candidates = login ? await candidatesOf(storage, login) : [];
            const answer = await storage.transaction(async tx => {
                const matched = await matchCode(tx, candidates, input.code, now);
                if (!matched.length) return undefined;
                if (matched.length > 1 && input.customerId === undefined)
                    return {
                        choose: matched.map(({ id, firstName, lastName }) => ({ id, firstName, lastName })),
                    };
                const chosen = matched.length === 1 ? matched[0] : matched.find(one => one.id === input.customerId);
                if (!chosen) return undefined;
                for (const other of matched) if (other.id !== chosen.id) await spendCode(tx, other, now);
                return { customer: await spendCode(tx, chosen, now) };
            });
            if (!answer) {
                wrongByAddress.record(address, now.getTime());
                throw badRequest('The code is wrong or no longer works', { code: 'app.portal.wrong_code' });
            }
            res.json('choose' in answer ? answer : await signedIn(answer.customer));
        }),
    );

    router.post(
        '/portal/auth/link',
        handle(async (req, res) => {
            const { token } = parsed(linkSchema, req.body);
            const address = addressOf(req);
            const now = clock();
            limited(res, [wrongByAddress.retryAfter(address, now.getTime())]);
            const customer = await storage.transaction(tx => spendSignInLink(tx, token, now));
            if (!customer) {
                wrongByAddress.record(address, now.getTime());
                throw new ApiError(404, 'This sign-in link was used, has expired or does not exist', {
                    token: 'app.portal.link_invalid',
                });
            }
            res.json(await signedIn(customer));
        }),
    );

    router.post(
        '/portal/auth/join',
        handle(async (req, res) => {
            const input = parsed(joinSchema, req.body);
            const now = clock();
            const address = addressOf(req);
            limited(res, [joinsByAddress.retryAfter(address, now.getTime())]);
            const config = await studioConfig(storage);
            const phone = e164Phone(input.phone, config.country);
            if (!phone) throw badRequest('The phone is not a valid phone number', { phone: 'app.validation.phone' });
            const customer = await storage.transaction(async tx => {
                // One person, one card: a phone or e-mail the studio knows signs in with a code instead.
                const samePhone = (
                    await tx.select('customers', [{ field: 'phone', kind: 'samePhone', number: phoneNumberKey(phone) }])
                ).filter(other => other.phone === phone);
                if (samePhone.length)
                    throw conflict("This phone is already a customer's: sign in with a code", {
                        phone: 'app.portal.already_customer',
                    });
                const sameEmail = await tx.select('customers', [
                    { field: 'email', kind: 'equals', values: [input.email.toLowerCase()], caseless: true },
                ]);
                if (sameEmail.length)
                    throw conflict("This e-mail is already a customer's: sign in with a code", {
                        email: 'app.portal.already_customer',
                    });
                // New people come in as the studio's leads (or under its first status, when it has no `lead`).
                const statuses = await tx.select('statuses', { name: 'customer' });
                const status = statuses.some(one => one.code === 'lead') ? 'lead' : (statuses[0]?.code ?? 'lead');
                return tx.insert('customers', {
                    firstName: input.firstName,
                    lastName: input.lastName,
                    phone,
                    email: input.email,
                    birthDate: null,
                    status,
                    source: 'portal',
                    notes: null,
                    locale: input.locale ?? null,
                    notify: null,
                    guardianId: null,
                    telegramLinked: false,
                    consentAt: now.toISOString(),
                });
            });
            joinsByAddress.record(address, now.getTime());
            res.status(201).json(await signedIn(customer as StoredCustomer));
        }),
    );

    return router;
};

/**
 * POST /api/customers/:id/sign-in-link (managers and admins): a one-time link that signs the customer in
 * to the portal from its page's button, good for 24 hours; a new one replaces the old.
 */
export const signInLinkRoutes = (storage: Storage, clock: Clock, publicUrl: string | undefined): Router => {
    const router = Router();
    router.post(
        '/customers/:id/sign-in-link',
        handle(async (req, res) => {
            allow(req, 'customers', 'edit');
            const made = await storage.transaction(tx => makeSignInLink(tx, numericId(req.params.id), clock()));
            if (!made) throw notFound(`customers ${req.params.id} does not exist`);
            const origin = publicUrl?.replace(/\/+$/, '') ?? `${req.protocol}://${req.get('host')}`;
            res.json({ url: `${origin}/my/link/${made.token}`, expiresAt: made.expiresAt });
        }),
    );
    return router;
};
