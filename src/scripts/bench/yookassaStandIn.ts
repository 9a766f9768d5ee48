/*
 * ЮKassa as the memberships row meets it: an HTTP server in the bench's own process that answers the
 * API's payments as ЮKassa does for a shop's saved cards. A payment with a `payment_method_id` the bench
 * saved succeeds at once; the same Idempotence-Key answers the payment it made, as ЮKassa's does for 24
 * hours; a payment is found by its id and in the list. Every request is counted, whatever it asks, so
 * that the row can say how many the server made for its charges.
 */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface YookassaStandIn {
    /** The API's root, for YOOKASSA_API_URL. */
    apiUrl: string;
    shopId: string;
    secretKey: string;
    /** Saved cards' ids (payment_method.id) that pay. */
    save(token: string): void;
    /** Requests of any kind so far. */
    requests(): number;
    /** Payments made: one per Idempotence-Key, however often it was asked. */
    payments(): number;
    stop(): Promise<void>;
}

type Payment = Record<string, unknown> & { id: string };

const readBody = async (request: IncomingMessage): Promise<unknown> => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    try {
        return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
    } catch {
        return undefined;
    }
};

const answer = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
};

const refusal = (response: ServerResponse, status: number, code: string, description: string) =>
    answer(response, status, { type: 'error', id: randomUUID(), code, description });

export const startYookassaStandIn = async (): Promise<YookassaStandIn> => {
    const shopId = 'bench-shop';
    const secretKey = 'bench-secret';
    const authorization = `Basic ${Buffer.from(`${shopId}:${secretKey}`).toString('base64')}`;
    const saved = new Set<string>();
    const byKey = new Map<string, Payment>();
    const byId = new Map<string, Payment>();
    let requests = 0;

    const create = (key: string, body: Record<string, unknown>): Payment | string => {
        const methodId = body.payment_method_id;
        if (typeof methodId !== 'string' || !saved.has(methodId)) return 'payment_method_id';
        const payment: Payment = {
            id: randomUUID(),
            status: 'succeeded',
            paid: true,
            amount: body.amount,
            description: body.description,
            metadata: body.metadata ?? {},
            payment_method: { type: 'bank_card', id: methodId, saved: true },
            created_at: new Date().toISOString(),
            captured_at: new Date().toISOString(),
            test: true,
            refundable: true,
        };
        byKey.set(key, payment);
        byId.set(payment.id, payment);
        return payment;
    };

    const server = createServer((request, response) => {
        requests += 1;
        void (async () => {
            if (request.headers.authorization !== authorization)
                return refusal(response, 401, 'invalid_credentials', 'Wrong shop id or secret key');
            const url = new URL(request.url ?? '/', 'http://stand-in');
            const body = await readBody(request);
            if (request.method === 'POST' && url.pathname === '/v3/payments') {
                const key = request.headers['idempotence-key'];
                if (typeof key !== 'string' || !key)
                    return refusal(response, 400, 'invalid_request', 'Idempotence-Key is missing');
                const made = byKey.get(key) ?? create(key, (body ?? {}) as Record<string, unknown>);
                if (typeof made === 'string')
                    return refusal(response, 400, 'invalid_request', `The request has no ${made} this shop saved`);
                return answer(response, 200, made);
            }
            if (request.method === 'GET' && url.pathname === '/v3/payments')
                return answer(response, 200, { type: 'list', items: [...byId.values()] });
            const one = /^\/v3\/payments\/([^/]+)$/.exec(url.pathname);
            const payment = request.method === 'GET' && one ? byId.get(decodeURIComponent(one[1])) : undefined;
            if (payment) return answer(response, 200, payment);
            return refusal(response, 404, 'not_found', `${request.method} ${url.pathname} is nothing here`);
        })().catch(() => refusal(response, 500, 'internal_server_error', 'The stand-in failed'));
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return {
        apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3`,
        shopId,
        secretKey,
        save: token => saved.add(token),
        requests: () => requests,
        payments: () => byKey.size,
        stop: () =>
            new Promise(done => {
                server.closeAllConnections();
                server.close(() => done());
            }),
    };
};
