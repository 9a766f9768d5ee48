/*
 * What the message runner costs the writes: DRAIN_MESSAGES payments, each queuing a "payment received"
 * message, made while the mail server holds its answers (so they all wait, due), then WRITERS clients
 * creating customers for LOAD_MS while the runner sends them all. Measured: those writes/s (the row
 * "writes/s by those clients" is the same load with the runner idle), the messages sent within the
 * window, and the time until none is due (GET /api/health's jobs.messagesDue).
 */
import { studioToday } from '../../domain/time';
import { postJson, request } from './load';
import type { MailSink } from './mailSink';
import { DRAIN_MESSAGES, LOAD_MS, WRITERS } from './options';

export interface Drain {
    writesPerSecond: number;
    sentInWindow: number;
    /** From the mail server's release until no message is due; null when that took over a minute. */
    drainedMs: number | null;
}

const due = async (base: string) =>
    (JSON.parse(await request(`${base}/api/health`)) as { jobs: { messagesDue: number } }).jobs.messagesDue;

export const messageDrain = async (
    base: string,
    token: string,
    sink: MailSink,
    createCustomer: (n: number) => Promise<string>,
    nextNumber: () => number,
): Promise<Drain> => {
    const config = JSON.parse(
        await request(`${base}/api/configs/general`, { headers: { Authorization: `Bearer ${token}` } }),
    ) as { timezone: string };
    // Whatever the hour of the run: no quiet hours, so that every message is due at once.
    await request(`${base}/api/configs/general`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ ...config, quietHours: null }),
    });
    const today = studioToday(config.timezone, new Date());
    sink.pause();
    try {
        for (let start = 0; start < DRAIN_MESSAGES; start += 25) {
            await Promise.all(
                Array.from({ length: Math.min(25, DRAIN_MESSAGES - start) }, async (_, index) => {
                    const n = start + index;
                    const customer = JSON.parse(
                        await postJson(
                            `${base}/api/customers`,
                            {
                                firstName: 'Drain',
                                lastName: `Customer ${n}`,
                                // Moscow landlines of their own: the writers' from 0, the rush's from 9,000,000.
                                phone: `+7 495 ${String(8_000_000 + n).padStart(7, '0')}`,
                                email: `drain-${n}@example.test`,
                                status: 'active',
                            },
                            token,
                        ),
                    ) as { id: number };
                    await postJson(
                        `${base}/api/passes/sell`,
                        { customerId: customer.id, subscriptionId: 1, startsOn: today, method: 'cash' },
                        token,
                    );
                }),
            );
        }
        const waiting = await due(base);
        if (waiting < DRAIN_MESSAGES) throw new Error(`only ${waiting} messages were due`);
    } finally {
        sink.resume();
    }
    const before = sink.received();
    const started = performance.now();
    const deadline = started + LOAD_MS;
    let writes = 0;
    await Promise.all(
        Array.from({ length: WRITERS }, async () => {
            while (performance.now() < deadline) {
                await createCustomer(nextNumber());
                writes++;
            }
        }),
    );
    const writesPerSecond = (writes / (performance.now() - started)) * 1000;
    const sentInWindow = sink.received() - before;
    let drainedMs: number | null = null;
    while (performance.now() - started < 60_000) {
        if ((await due(base)) === 0) {
            drainedMs = performance.now() - started;
            break;
        }
        await new Promise(done => setTimeout(done, 50));
    }
    return { writesPerSecond, sentInWindow, drainedMs };
};
