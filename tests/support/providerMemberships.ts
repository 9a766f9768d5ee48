import { afterAll, beforeAll, expect } from 'vitest';
import type { Membership } from '../../src/domain/api/memberships';
import { noticeTime } from '../../src/domain/memberships';
import type { PaymentLink } from '../../src/domain/types';
import { membershipReads } from './memberships';
import { call, freePort, login, removeDir, startServer, type RunningServer } from './server';
import { startMailbox, type Mailbox } from './smtp';

/*
 * A memberships test's server with a real provider's stand-in as the studio's provider (PAYMENT_PROVIDER,
 * PUBLIC_URL and the provider's variables), its mail going to an SMTP server of its own, on a clock the test
 * moves; and the steps every such test takes: staff start a membership, its payer ticks the box and
 * presses Pay on the public page, the job tells of the next charge and makes it.
 */

const minute = 60_000;

export const providerMemberships = (
    db: object,
    /** The provider's stand-in started, and the server's variables that point at it. */
    provider: () => Promise<{ name: string; env: Record<string, string>; listen?: (noticeUrl: string) => void }>,
    /** The first instant of the server's clock. */
    startAt: Date,
) => {
    let now = startAt;
    const served = {} as { server: RunningServer; mailbox: Mailbox; managerToken: string };
    beforeAll(async () => {
        const { name, env, listen } = await provider();
        served.mailbox = await startMailbox();
        const port = await freePort();
        served.server = await startServer({
            db,
            env: {
                PORT: String(port),
                PUBLIC_URL: `http://127.0.0.1:${port}`,
                PAYMENT_PROVIDER: name,
                ...env,
                SMTP_URL: served.mailbox.url,
                MAIL_FROM: 'Studio <studio@example.test>',
                MESSAGES_EVERY_MS: '50',
                MEMBERSHIPS_EVERY_MS: '40',
            },
            clock: () => now,
        });
        listen?.(`${served.server.url}/api/public/providers/${name}`);
        served.managerToken = await login(served.server.url, 'manager');
    });
    afterAll(async () => {
        await served.server?.stop();
        if (served.server) removeDir(served.server.dir);
        await served.mailbox?.stop();
    });

    const at = (instant: string | number) => {
        now = new Date(instant);
    };
    const reads = membershipReads(() => served.server);

    /**
     * Staff start the customer's membership; its payer opens the link, ticks the box and presses Pay.
     * Answers the link, the attempt and the provider's page the payer is sent to.
     */
    const begin = async (customerId: number, subscriptionId: number) => {
        const url = served.server.url;
        const started = await call(url, '/api/memberships', {
            method: 'POST',
            token: served.managerToken,
            json: { customerId, subscriptionId },
        });
        expect(started.status, started.text).toBe(201);
        const link = started.body as unknown as PaymentLink;
        expect(link).toMatchObject({ purpose: 'membership', customerId, payerId: customerId, status: 'pending' });
        const page = await call(url, `/api/public/payment-links/${link.id}`);
        expect(page.body.membership).toMatchObject({
            consentText: expect.stringContaining('charges it for my membership'),
        });
        // No payment without the ticked box.
        const unticked = await call(url, `/api/public/payment-links/${link.id}/pay`, { method: 'POST', json: {} });
        expect(unticked.status).toBe(400);
        const begun = await call(url, `/api/public/payment-links/${link.id}/pay`, {
            method: 'POST',
            json: { consent: true },
        });
        expect(begun.status, begun.text).toBe(200);
        return { link, attemptId: String(begun.body.attemptId), confirmationUrl: String(begun.body.confirmationUrl) };
    };

    /**
     * Moves the clock to the notice of the membership's next charge, waits for it to be delivered, then
     * moves it to the charge (24 hours after the notice at the earliest). Answers the notice.
     */
    const toCharge = async (membership: Membership) => {
        at(Date.parse(noticeTime(membership.nextChargeAt as string)) + minute);
        return toNextTry(membership);
    };

    /** Waits for the notice (or decline message) of the next try, then moves the clock to that try. */
    const toNextTry = async (membership: Membership) => {
        const sent = await reads.noticeSent(membership.id);
        const notBefore = Date.parse(sent.message.sentAt as string) + 86_400_000;
        at(Math.max(Date.parse(sent.membership.nextChargeAt as string), notBefore) + minute);
        return sent;
    };

    /** A collection's records matching `filter`, read by the manager (signed in anew: the clock moves). */
    const list = async <T>(resource: string, filter: object): Promise<T[]> => {
        const query = `filter=${encodeURIComponent(JSON.stringify(filter))}&sort=["id","ASC"]&range=[0,999]`;
        const answer = await call(served.server.url, `/api/${resource}?${query}`, {
            token: await login(served.server.url, 'manager'),
        });
        expect(answer.status, answer.text).toBe(200);
        return answer.body as unknown as T[];
    };

    /**
     * The first month as its verified notice records it, once: the month's pass and its one online payment
     * by the link, and after the notice sent again nothing more (one membership, one payment, one card).
     */
    const firstMonthOnce = async (
        customerId: number,
        membership: Membership,
        linkId: string,
        sendAgain: () => Promise<void>,
    ) => {
        const [pass] = await reads.read.passes(customerId);
        expect(pass).toMatchObject({
            id: membership.passId,
            membershipId: membership.id,
            startsOn: membership.periodStart,
        });
        expect(await reads.read.payments(customerId)).toEqual([
            expect.objectContaining({ amount: 3500, method: 'online', passId: pass.id, paymentLinkId: linkId }),
        ]);
        await sendAgain();
        expect(await list('memberships', { customerId })).toHaveLength(1);
        expect(await reads.read.payments(customerId)).toHaveLength(1);
        expect(await list('paymentMethods', { customerId })).toHaveLength(1);
    };

    /**
     * Told of the next charge and charged at its time: the held pass paid and the membership in its second
     * month, with one succeeded charge. Answers the notice's text and the charge.
     */
    const renewedOnce = async (membership: Membership) => {
        const { membership: noticed, message } = await toCharge(membership);
        const heldId = noticed.heldPassId as number;
        const renewed = await reads.until(membership.id, one => expect(one.period).toBe(2));
        expect(renewed).toMatchObject({ status: 'active', passId: heldId, heldPassId: null });
        const [charge] = await reads.read.charges(membership.id);
        expect(charge).toMatchObject({
            status: 'succeeded',
            attempt: 1,
            periodStart: membership.periodEnd,
            amount: 3500,
        });
        return { text: message.text, charge, heldId };
    };

    return { served, at, begin, toCharge, toNextTry, list, firstMonthOnce, renewedOnce, ...reads };
};
