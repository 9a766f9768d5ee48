import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import type * as Api from '../../domain/api/portal';
import { email as emailField, optional, phone as phoneField, requiredText } from '../../domain/fields';
import { codeMinutes, codeSpacingMs, loginKey, loginOf, type Login } from '../../domain/portal';
import { locales } from '../../domain/schemas';
import { e164Phone } from '../../domain/phones';
import type { Clock } from '../../domain/time';
import type { StoredCustomer } from '../../domain/types';
import { validate } from '../../domain/validation';
import { SharedAttempts } from '../http/attempts';
import { ApiError, badRequest, handle, invalidFields, notFound } from '../http/errors';
import type { PortalSessions } from '../http/portalSessions';
import { allow, numericId } from '../http/requests';
import type { Channels } from '../messages';
import { endSignUp, matchSignUp, recordSignUpConsents, signUpConsentTexts, signUpCustomers, startSignUp } from './join';
import { candidatesOf, giveCode, makeSignInLink, matchCode, spendCode, spendSignInLink } from './codes';
import { portalCustomer } from '../portal';
import { studioConfig } from '../rules/studio';
import type { Storage } from '../storage/types';

/*
 * Signing in to the portal, without a token: POST /api/portal/auth/code sends a code to a login (always
 * 202, whoever has it or not), /verify exchanges it for a session, /link spends a staff-made sign-in
 * link (a POST from its page's button, never a GET), /join signs a new customer up (always 202 and a
 * code, whoever has the contacts: the code's /verify makes or finds the customer), /setup says what the
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
    /** Offers by message: a box of its own, unticked unless the person ticks it. */
    marketing: z.boolean({ error: 'app.validation.choice' }).optional(),
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

/** What answers a code asked for, whoever has the login or not: with the wait before the next one. */
const codeSent: Api.CodeSent = { sent: true, retryAfter: Math.ceil(codeSpacingMs / 1000) };

const wrongCode = () => badRequest('The code is wrong or no longer works', { code: 'app.portal.wrong_code' });

export const portalSignInRoutes = (
    storage: Storage,
    sessions: PortalSessions,
    clock: Clock,
    channels: Channels,
    log: Pick<Console, 'error'> = console,
): Router => {
    const router = Router();
    /*
     * Kept by the storage, so that every server process on the database counts together (and, on
     * PostgreSQL, a restart forgets nothing). Codes are counted by login and address, so that a stranger
     * asking for a customer's codes never uses up those the customer asks for from their own address.
     */
    const shared = (name: string, limit: number, windowMs: number) =>
        new SharedAttempts(storage.signIns, `portal.${name}`, limit, windowMs);
    const codesByAddress = shared('codes.address', 20, 10 * 60_000);
    const codesByLogin = shared('codes.login', 1, codeSpacingMs);
    const codesByLoginHourly = shared('codes.login', 5, 3_600_000);
    /** Who asked for a login's code lately: their wrong tries spend it; others' are counted apart. */
    const askers = shared('asked', 1, codeMinutes * 60_000);
    const wrongByAddress = shared('wrong.address', 30, 10 * 60_000);
    const strangersByLogin = shared('wrong.strangers', 10, 10 * 60_000);
    const joinsByAddress = shared('joins.address', 10, 60 * 60_000);

    const signedIn = async (customer: StoredCustomer): Promise<Api.SignedIn> => ({
        token: await sessions.issue(customer),
        customer: await portalCustomer(storage, customer),
    });

    /** Counts a code asked for `login` from `address`, or answers 429 when a limit says wait. */
    const askingCode = async (res: Response, login: Login, address: string, now: number) => {
        const key = `${loginKey(login)}|${address}`;
        limited(res, [
            await codesByAddress.retryAfter(address, now),
            await codesByLogin.retryAfter(key, now),
            await codesByLoginHourly.retryAfter(key, now),
        ]);
        await Promise.all([
            codesByAddress.record(address, now),
            codesByLogin.record(key, now),
            askers.record(key, now),
        ]);
    };

    /** Work done once the answer is sent, so that it takes as long whoever has the login: its failure is logged. */
    const afterAnswer = (req: Request, work: () => Promise<unknown>) =>
        void work().catch(error =>
            log.error(`${req.method} ${req.path} failed after its answer: ${(error as Error)?.message ?? error}`),
        );

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
                consentTexts: signUpConsentTexts(config),
            } satisfies Api.PortalSetup);
        }),
    );

    router.post(
        '/portal/auth/code',
        handle(async (req, res) => {
            const { login: typed } = parsed(loginSchema, req.body);
            const login = loginOf(typed, (await studioConfig(storage)).country);
            if (!login) throw badRequest('Give an e-mail or a phone number', { login: 'app.portal.login_invalid' });
            const now = clock();
            await askingCode(res, login, addressOf(req), now.getTime());
            res.status(202).json(codeSent);
            afterAnswer(req, async () => {
                const candidates = await candidatesOf(storage, login);
                if (candidates.length) await storage.transaction(tx => giveCode(tx, candidates, now, true));
            });
        }),
    );

    router.post(
        '/portal/auth/verify',
        handle(async (req, res) => {
            const input = parsed(verifySchema, req.body);
            const login = loginOf(input.login, (await studioConfig(storage)).country);
            const address = addressOf(req);
            const now = clock();
            const key = login ? loginKey(login) : `typed:${input.login}`;
            // Typed where the code was asked for, a wrong code counts against it; elsewhere, it is a stranger's.
            const asker = (await askers.retryAfter(`${key}|${address}`, now.getTime())) > 0;
            limited(res, [
                await wrongByAddress.retryAfter(address, now.getTime()),
                asker ? 0 : await strangersByLogin.retryAfter(key, now.getTime()),
            ]);
            const candidates = login ? await candidatesOf(storage, login) : [];
            const email = login && 'email' in login ? login.email : undefined;
            let signedUp = false;
            const answer = await storage.transaction(async tx => {
                const matched = await matchCode(tx, candidates, input.code, now, asker);
                // A code given at sign-up waits with what was typed, under the e-mail typed.
                const signUp =
                    matched.length || !email
                        ? undefined
                        : await matchSignUp(storage.signIns, email, input.code, now, asker);
                const people = signUp ? await signUpCustomers(tx, signUp) : matched;
                if (!people.length) return undefined;
                if (people.length > 1 && input.customerId === undefined)
                    return {
                        choose: people.map(({ id, firstName, lastName }) => ({ id, firstName, lastName })),
                    } satisfies Api.ChooseCustomer;
                const chosen = people.length === 1 ? people[0] : people.find(one => one.id === input.customerId);
                if (!chosen) return undefined;
                signedUp = !!signUp;
                // A customer found at sign-up keeps their card as it was; their consent is recorded if it was not.
                if (signUp) await recordSignUpConsents(tx, chosen, signUp);
                if (signUp)
                    return {
                        customer: chosen.consentAt
                            ? chosen
                            : ((await tx.update('customers', {
                                  ...chosen,
                                  consentAt: signUp.consentAt,
                              })) as StoredCustomer),
                    };
                for (const other of matched) if (other.id !== chosen.id) await spendCode(tx, other, now);
                return { customer: await spendCode(tx, chosen, now) };
            });
            if (!answer) {
                await wrongByAddress.record(address, now.getTime());
                if (!asker) await strangersByLogin.record(key, now.getTime());
                throw wrongCode();
            }
            if ('choose' in answer) return res.json(answer);
            if (signedUp && email) await endSignUp(storage.signIns, email);
            res.json(await signedIn(answer.customer));
        }),
    );

    router.post(
        '/portal/auth/link',
        handle(async (req, res) => {
            const { token } = parsed(linkSchema, req.body);
            const address = addressOf(req);
            const now = clock();
            limited(res, [await wrongByAddress.retryAfter(address, now.getTime())]);
            const customer = await storage.transaction(tx => spendSignInLink(tx, token, now));
            if (!customer) {
                await wrongByAddress.record(address, now.getTime());
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
            const now = clock();
            const address = addressOf(req);
            // Every attempt counts, whatever comes of it.
            limited(res, [await joinsByAddress.retryAfter(address, now.getTime())]);
            await joinsByAddress.record(address, now.getTime());
            const input = parsed(joinSchema, req.body);
            const phone = e164Phone(input.phone, (await studioConfig(storage)).country);
            if (!phone) throw badRequest('The phone is not a valid phone number', { phone: 'app.validation.phone' });
            const email = input.email.trim();
            await askingCode(res, { email: email.toLowerCase() }, address, now.getTime());
            // The same answer whether the phone or the e-mail is a customer's or not: the code says the rest.
            res.status(202).json(codeSent);
            afterAnswer(req, async () => {
                const signUp = {
                    ...input,
                    phone,
                    email,
                    locale: input.locale ?? null,
                    marketing: input.marketing === true,
                    ip: address,
                };
                const newcomer = await startSignUp(storage, signUp, now);
                if (newcomer && channels.email)
                    await channels.email.send({ to: { email: newcomer.email }, ...newcomer });
            });
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
