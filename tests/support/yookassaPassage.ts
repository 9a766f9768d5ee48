import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { YookassaStandIn } from './yookassa';

/*
 * ЮKassa's stand-in as a server process reaches it through a passage: `apiUrl(name)` is the API root a
 * process named `name` is given, and every request through it is passed on to the stand-in as it came and
 * noted (who asked, what, under which key). A test may hold an answer back: the stand-in has done what
 * was asked (the payment is made), and the process waits for its answer until the test lets it go.
 */

export interface PassageAsk {
    /** The name in the API root the process was given. */
    by: string;
    method: string;
    /** The path at ЮKassa, e.g. /v3/payments. */
    path: string;
    key: string | undefined;
    /** The saved card a renewal charges (`payment_method_id`). */
    paymentMethodId: string | undefined;
    /** Whether its answer was written out to the process. */
    answered: boolean;
}

export interface Passage {
    apiUrl: (by: string) => string;
    asked: PassageAsk[];
    stop: () => Promise<void>;
}

const bodyOf = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
};

/** Starts the passage; `hold` answers, for an ask, what its answer waits for (nothing: it goes at once). */
export const startPassage = async (
    standIn: YookassaStandIn,
    hold: (ask: PassageAsk) => Promise<void> | undefined = () => undefined,
): Promise<Passage> => {
    const asked: PassageAsk[] = [];
    const server = createServer((request, response) => {
        void (async () => {
            const [, by = '', ...rest] = (request.url ?? '').split('/');
            const path = `/${rest.join('/')}`;
            const body = await bodyOf(request);
            const key = request.headers['idempotence-key'];
            const parsed = body.startsWith('{') ? (JSON.parse(body) as { payment_method_id?: unknown }) : {};
            const ask: PassageAsk = {
                by,
                method: request.method ?? '',
                path,
                key: typeof key === 'string' ? key : undefined,
                paymentMethodId: typeof parsed.payment_method_id === 'string' ? parsed.payment_method_id : undefined,
                answered: false,
            };
            asked.push(ask);
            const headers: Record<string, string> = {};
            for (const name of ['authorization', 'content-type', 'idempotence-key']) {
                const value = request.headers[name];
                if (typeof value === 'string') headers[name] = value;
            }
            const answer = await fetch(`${standIn.url}${path}`, {
                method: request.method,
                headers,
                body: body || undefined,
            });
            const text = await answer.text();
            await hold(ask);
            response
                .writeHead(answer.status, { 'content-type': 'application/json' })
                .end(text, () => (ask.answered = true));
        })().catch(() => {
            if (!response.headersSent) response.writeHead(502);
            response.end();
        });
    });
    server.listen(0, '127.0.0.1');
    await new Promise(ready => server.once('listening', ready));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return {
        apiUrl: by => `${url}/${by}/v3`,
        asked,
        stop: () => {
            server.closeAllConnections();
            return new Promise<void>(done => server.close(() => done()));
        },
    };
};
