import { expect, vi } from 'vitest';
import type { Booking, Message } from '../../src/domain/types';
import { call, login, type DemoRole, type RunningServer } from './server';

/*
 * The desk's side of the messages tests: calls as a demo role, booking a customer, and reading a
 * customer's outbox until it is as a test expects. `server` is read at each call: a test may restart it.
 */
export const outboxDesk = (server: () => RunningServer) => {
    const as = async (role: DemoRole, path: string, init: Omit<Parameters<typeof call>[2], 'token'> = {}) =>
        call(server().url, `/api${path}`, { ...init, token: await login(server().url, role) });

    const book = async (eventId: number, customerId: number, waitlist = false): Promise<Booking> => {
        const answer = await as('manager', '/bookings', { method: 'POST', json: { eventId, customerId, waitlist } });
        expect(answer.status, answer.text).toBe(201);
        return answer.body as unknown as Booking;
    };

    /** The customer's messages (of `kind`, when named), oldest first. */
    const messagesOf = async (customerId: number, kind?: Message['kind']): Promise<Message[]> =>
        (
            await as(
                'manager',
                `/messages?filter=${encodeURIComponent(JSON.stringify(kind ? { customerId, kind } : { customerId }))}&sort=["id","ASC"]&range=[0,99]`,
            )
        ).body as unknown as Message[];

    /** Waits until the customer's messages of `kind` pass `check`; answers them. */
    const settled = (customerId: number, kind: Message['kind'], check: (messages: Message[]) => void) =>
        vi.waitFor(
            async () => {
                const messages = await messagesOf(customerId, kind);
                check(messages);
                return messages;
            },
            { timeout: 10_000, interval: 100 },
        );

    return { as, book, messagesOf, settled };
};
