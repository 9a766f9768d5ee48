import { expect } from 'vitest';
import { call, type RunningServer } from './server';
import type { Mailbox } from './smtp';

/*
 * A customer's side of the portal tests: asking for a sign-in code, reading it from the mail a real SMTP
 * server received, and calling the portal's API with the session it gives. `server` is read at each call.
 */
export const portalClient = (
    server: () => RunningServer,
    mailbox: () => Mailbox,
    /** Moves the test's clock past the minute between two codes to one login. */
    nextMinute: () => void = () => undefined,
) => {
    const portal = (path: string, token: string | undefined, init: Omit<Parameters<typeof call>[2], 'token'> = {}) =>
        call(server().url, `/api/portal${path}`, { ...init, token });

    /** The newest code mailed to `email`, once one newer than `seen` mails arrived. */
    const codeFromMail = async (email: string, seen: number): Promise<string> => {
        await expect.poll(() => mailbox().to(email).length, { timeout: 10_000 }).toBeGreaterThan(seen);
        const mail = mailbox().to(email).at(-1)!;
        const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
        expect(code, mail.text).toBeDefined();
        return code!;
    };

    /** Asks for a code for `login`, reads it from the mail to `email`. */
    const askCode = async (login: string, email: string): Promise<string> => {
        nextMinute();
        const seen = mailbox().to(email).length;
        const asked = await portal('/auth/code', undefined, { method: 'POST', json: { login } });
        expect(asked.status, asked.text).toBe(202);
        return codeFromMail(email, seen);
    };

    /** Signs in with a code mailed to `email`: the session's token. */
    const signIn = async (login: string, email: string, customerId?: number): Promise<string> => {
        const code = await askCode(login, email);
        const verified = await portal('/auth/verify', undefined, { method: 'POST', json: { login, code, customerId } });
        expect(verified.status, verified.text).toBe(200);
        expect(verified.body.token, verified.text).toEqual(expect.any(String));
        return verified.body.token as unknown as string;
    };

    return { portal, askCode, codeFromMail, signIn };
};
