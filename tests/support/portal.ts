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

    /** The code in a mail: six digits alone. */
    const codeIn = (text: string | undefined) => /\b(\d{6})\b/.exec(text ?? '')?.[1];

    /**
     * The newest code mailed to `email` after its first `seen` mails: other mail sent meanwhile (a notice
     * queued before the code was asked) is passed over.
     */
    const codeFromMail = async (email: string, seen: number): Promise<string> => {
        await expect
            .poll(
                () =>
                    mailbox()
                        .to(email)
                        .slice(seen)
                        .some(mail => codeIn(mail.text)),
                { timeout: 10_000 },
            )
            .toBe(true);
        return codeIn(
            mailbox()
                .to(email)
                .slice(seen)
                .findLast(mail => codeIn(mail.text))?.text,
        )!;
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
