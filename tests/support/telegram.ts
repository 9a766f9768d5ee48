import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Update } from 'grammy/types';

/*
 * A stand-in for Telegram's Bot API for the tests, on a port of its own: a bot made with grammY reaches it with
 * `new Bot(token, { client: { apiRoot: standIn.url } })`. It answers as Telegram does (`{ ok, result }`, or
 * `{ ok: false, error_code, description }` with the HTTP status equal to the code): getMe, deleteWebhook, long
 * polling with getUpdates (a second poll at the same time is refused with 409, as Telegram refuses a second bot
 * instance) and sendMessage, which it keeps in `sent`. A test plays the users: `userSays` and `userSharesContact`
 * queue updates for the bot, `block` and `rateLimitOnce` make sendMessage fail as a blocked chat or a flood limit do.
 * Any other method is answered `true` and only kept in `calls`.
 */

export interface SentMessage {
    chatId: string;
    text: string;
    replyMarkup?: unknown;
    /** When it was sent (Date.now()). */
    at: number;
}

export interface TelegramStandIn {
    /** The apiRoot to give grammY, e.g. http://127.0.0.1:PORT (no trailing slash). */
    url: string;
    /** The one token it answers to; any other is refused with 401. */
    token: string;
    /** The bot's username, as getMe answers it. */
    username: string;
    /** Every message the bot sent (and was not refused), in order. */
    sent: SentMessage[];
    /** Every call made with the right token, whatever the method (getUpdates too), in order. */
    calls: { method: string; body: Record<string, unknown> }[];
    /** How many getUpdates were refused with 409 because another one was already waiting. */
    conflicts: number;
    /** A user writes to the bot: queues an update with a message from that chat (text like '/start abc'); answers the update_id. */
    userSays(chatId: string | number, text: string, from?: { first_name?: string; language_code?: string }): number;
    /** A user shares their contact (the "share my phone number" button). */
    userSharesContact(
        chatId: string | number,
        phoneNumber: string,
        from?: { first_name?: string; language_code?: string },
    ): number;
    /** Every later sendMessage to that chat is refused with 403, as when the user has blocked the bot. */
    block(chatId: string | number): void;
    /** The next sendMessage to that chat (only that one) is refused with 429 and `retry_after: seconds`. */
    rateLimitOnce(chatId: string | number, seconds: number): void;
    /** Waits (polling every 50 ms, up to timeoutMs default 10000) until a message to chatId whose text matches `pattern` is sent; answers it, or throws naming what was sent. */
    waitForMessage(
        chatId: string | number,
        pattern: RegExp,
        timeoutMs?: number,
    ): Promise<{ chatId: string; text: string; replyMarkup?: unknown }>;
    /** Answers a waiting getUpdates and closes the server, cutting every connection still open. */
    stop(): Promise<void>;
}

/** The bot's own user id, as getMe answers it and as the sender of the messages it sends. */
const botId = 4242;
const botName = 'Studio bot';

/** Telegram's text for the poll that comes while another one is waiting. */
const conflict = 'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running';

/*
 * grammY's bot.stop() aborts its waiting getUpdates and at once sends one more (to confirm the last updates). The
 * news of the abort (the closed connection) reaches us just after that new request, so answering it 409 straight
 * away would make bot.stop() throw. Before refusing a second poll we give the waiting one up to this long to turn out
 * to be gone; a poll that is really still there is refused all the same.
 */
const conflictGraceMs = 50;

const delay = (ms: number) => new Promise(done => setTimeout(done, ms));

/** Unix time in seconds, as Telegram dates are. */
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The user's first name when a test gives none. */
const defaultName = 'Test user';

/** A whole number from a JSON or query-string value, or `otherwise` when there is none. */
const whole = (value: unknown, otherwise: number) => {
    const number = Number(value);
    return value === undefined || value === null || value === '' || !Number.isFinite(number)
        ? otherwise
        : Math.trunc(number);
};

/** A request we cannot read; answered 400 with `message`. */
class BadRequest extends Error {}

/** Reads the parameters of a call: the query string, then the body (JSON, or a form), as Telegram accepts them. */
const readParameters = async (request: IncomingMessage, url: URL): Promise<Record<string, unknown>> => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const type = request.headers['content-type'] ?? '';
    const parameters: Record<string, unknown> = Object.fromEntries(url.searchParams);
    // grammY sends multipart only to upload files, which nothing here does: say so rather than guess.
    if (type.includes('multipart/form-data')) throw new BadRequest('Bad Request: the stand-in takes no file uploads');
    if (type.includes('application/x-www-form-urlencoded'))
        return { ...parameters, ...Object.fromEntries(new URLSearchParams(text)) };
    if (!text.trim()) return parameters;
    try {
        const body: unknown = JSON.parse(text);
        if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('not an object');
        return { ...parameters, ...(body as Record<string, unknown>) };
    } catch {
        throw new BadRequest("Bad Request: can't parse JSON body");
    }
};

/** Writes Telegram's envelope with the HTTP status, unless the client has already gone. */
const answer = (response: ServerResponse, status: number, envelope: unknown) => {
    if (response.writableEnded || response.destroyed) return;
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(envelope));
};
const succeed = (response: ServerResponse, result: unknown) => answer(response, 200, { ok: true, result });
const fail = (response: ServerResponse, code: number, description: string, parameters?: { retry_after: number }) =>
    answer(response, code, { ok: false, error_code: code, description, ...(parameters ? { parameters } : {}) });

/** A message in a private chat, as an update carries it. */
type UserMessage = NonNullable<Update['message']>;

/** A getUpdates held open until an update comes, its timeout runs out, or its client goes away. */
interface Poll {
    response: ServerResponse;
    limit: number;
    timer: NodeJS.Timeout;
}

export const startTelegram = async (options?: { token?: string; username?: string }): Promise<TelegramStandIn> => {
    /** Updates not yet confirmed by the bot (confirmed: a later getUpdates asked from an offset above them). */
    const pending: Update[] = [];
    let nextUpdateId = 1;
    let nextMessageId = 1;
    /** The getUpdates now waiting, if any: there is at most one, as on Telegram. */
    let held: Poll | undefined;
    /** Chats that blocked the bot, and chats whose next message is refused for flooding (with the seconds to wait). */
    const blocked = new Set<string>();
    const rateLimited = new Map<string, number>();
    /** The first name each chat's user gave, to show it in the chats of the messages the bot sends back. */
    const names = new Map<string, string>();

    const bot = {
        id: botId,
        is_bot: true,
        first_name: botName,
        username: options?.username ?? 'studio_test_bot',
    };

    /** Answers the waiting getUpdates with what is pending (it only waits while nothing is). */
    const release = (poll: Poll) => {
        clearTimeout(poll.timer);
        if (held === poll) held = undefined;
        succeed(poll.response, pending.slice(0, poll.limit));
    };

    /** Forgets the updates the bot has confirmed with `offset`: those below it, or all but the last -offset. */
    const confirm = (offset: number) => {
        if (offset > 0) {
            const kept = pending.filter(update => update.update_id >= offset);
            pending.splice(0, pending.length, ...kept);
        } else if (offset < 0) pending.splice(0, Math.max(0, pending.length + offset));
    };

    /** A message from the user of a private chat, as it comes in an update. */
    const fromUser = (
        chatId: string | number,
        from: { first_name?: string; language_code?: string } | undefined,
    ): UserMessage => {
        const firstName = from?.first_name ?? defaultName;
        names.set(String(chatId), firstName);
        return {
            message_id: nextMessageId++,
            date: nowSeconds(),
            chat: { id: Number(chatId), type: 'private', first_name: firstName },
            from: {
                id: Number(chatId),
                is_bot: false,
                first_name: firstName,
                language_code: from?.language_code ?? 'en',
            },
        };
    };

    /** Queues an update and hands it at once to a getUpdates that waits for one. */
    const queue = (message: UserMessage) => {
        const update: Update = { update_id: nextUpdateId++, message };
        pending.push(update);
        if (held) release(held);
        return update.update_id;
    };

    const getUpdates = async (response: ServerResponse, body: Record<string, unknown>) => {
        // Give a poll that is being aborted the moment to be gone (see conflictGraceMs), looking every 5 ms.
        for (let waited = 0; held && waited < conflictGraceMs; waited += 5) await delay(5);
        if (held) {
            standIn.conflicts += 1;
            return fail(response, 409, conflict);
        }
        confirm(whole(body.offset, 0));
        const limit = Math.min(100, Math.max(1, whole(body.limit, 100)));
        const timeout = Math.max(0, whole(body.timeout, 0));
        // Something to hand over, or no wish to wait: answer at once (maybe with nothing).
        if (pending.length > 0 || timeout === 0) return succeed(response, pending.slice(0, limit));
        // Its client already gone (while we waited out a conflict): nobody to wait for.
        if (response.destroyed) return;
        const poll: Poll = { response, limit, timer: setTimeout(() => release(poll), timeout * 1000) };
        held = poll;
        // The client went away (grammY aborts its poll on bot.stop()): forget the poll, nothing to answer.
        response.on('close', () => {
            clearTimeout(poll.timer);
            if (held === poll) held = undefined;
        });
    };

    const sendMessage = (response: ServerResponse, body: Record<string, unknown>) => {
        const chatId = String(body.chat_id ?? '');
        if (!chatId) return fail(response, 400, 'Bad Request: chat_id is empty');
        const text = typeof body.text === 'string' ? body.text : '';
        if (!text.trim()) return fail(response, 400, 'Bad Request: message text is empty');
        if (blocked.has(chatId)) return fail(response, 403, 'Forbidden: bot was blocked by the user');
        const retryAfter = rateLimited.get(chatId);
        if (retryAfter !== undefined) {
            rateLimited.delete(chatId);
            return fail(response, 429, `Too Many Requests: retry after ${retryAfter}`, { retry_after: retryAfter });
        }
        // A form-encoded call carries the keyboard as JSON text; a JSON one (grammY's) as an object.
        let replyMarkup = body.reply_markup;
        if (typeof replyMarkup === 'string') {
            try {
                replyMarkup = JSON.parse(replyMarkup);
            } catch {
                return fail(response, 400, "Bad Request: can't parse reply keyboard markup JSON object");
            }
        }
        standIn.sent.push({ chatId, text, replyMarkup, at: Date.now() });
        const message = {
            message_id: nextMessageId++,
            date: nowSeconds(),
            chat: { id: Number(chatId), type: 'private', first_name: names.get(chatId) ?? defaultName },
            from: bot,
            text,
        };
        succeed(response, message);
    };

    const handle = async (request: IncomingMessage, response: ServerResponse) => {
        const url = new URL(request.url ?? '/', 'http://localhost');
        // grammY calls {apiRoot}/bot{token}/{method} (with test/ before the method for the test environment).
        const path = /^\/bot([^/]+)\/(?:test\/)?([A-Za-z]+)$/.exec(url.pathname);
        if (!path) {
            request.resume();
            return fail(response, 404, 'Not Found');
        }
        const [, token, method] = path;
        const body = await readParameters(request, url);
        if (decodeURIComponent(token) !== standIn.token) return fail(response, 401, 'Unauthorized');
        standIn.calls.push({ method, body });
        // Telegram takes method names in any case.
        switch (method.toLowerCase()) {
            case 'getme':
                return succeed(response, bot);
            case 'deletewebhook':
                // As on Telegram, the bot may ask to forget what came while it was away.
                if (body.drop_pending_updates === true || body.drop_pending_updates === 'true') pending.length = 0;
                return succeed(response, true);
            case 'getupdates':
                return getUpdates(response, body);
            case 'sendmessage':
                return sendMessage(response, body);
            default:
                return succeed(response, true);
        }
    };

    const server = createServer((request, response) => {
        handle(request, response).catch((error: unknown) =>
            error instanceof BadRequest
                ? fail(response, 400, error.message)
                : fail(response, 500, `Internal Server Error: ${String(error)}`),
        );
    });

    const standIn: TelegramStandIn = {
        url: '',
        token: options?.token ?? '123456789:stand-in-token',
        username: bot.username,
        sent: [],
        calls: [],
        conflicts: 0,
        userSays: (chatId, text, from) => {
            const message: UserMessage = { ...fromUser(chatId, from), text };
            // A command (a leading /word, maybe /word@bot) is marked as Telegram marks it; grammY's bot.command() needs that.
            if (text.startsWith('/'))
                message.entities = [{ type: 'bot_command', offset: 0, length: text.split(/\s/, 1)[0].length }];
            return queue(message);
        },
        userSharesContact: (chatId, phoneNumber, from) => {
            const contact = {
                phone_number: phoneNumber,
                first_name: from?.first_name ?? defaultName,
                user_id: Number(chatId),
            };
            return queue({ ...fromUser(chatId, from), contact });
        },
        block: chatId => {
            blocked.add(String(chatId));
        },
        rateLimitOnce: (chatId, seconds) => {
            rateLimited.set(String(chatId), seconds);
        },
        waitForMessage: async (chatId, pattern, timeoutMs = 10_000) => {
            const id = String(chatId);
            const deadline = Date.now() + timeoutMs;
            for (;;) {
                // search() rather than test(): a /g pattern's test() would carry its lastIndex from one message to the next.
                const found = standIn.sent.find(
                    message => message.chatId === id && message.text.search(pattern) !== -1,
                );
                if (found) return found;
                if (Date.now() >= deadline) {
                    const toChat = standIn.sent.filter(message => message.chatId === id);
                    const elsewhere = standIn.sent.length - toChat.length;
                    throw new Error(
                        `no message to chat ${id} matching ${pattern} within ${timeoutMs} ms; sent to it: ` +
                            (toChat.length
                                ? toChat.map(message => JSON.stringify(message.text)).join(', ')
                                : 'nothing') +
                            (elsewhere ? ` (and ${elsewhere} to other chats)` : ''),
                    );
                }
                await delay(50);
            }
        },
        stop: async () => {
            const poll = held;
            if (poll) {
                release(poll);
                // Let the answer leave before the connections are cut.
                if (!poll.response.writableFinished && !poll.response.destroyed)
                    await new Promise(done => {
                        poll.response.once('finish', done);
                        poll.response.once('close', done);
                    });
            }
            const closed = new Promise<void>(done => server.close(() => done()));
            server.closeAllConnections();
            await closed;
        },
    };

    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return standIn;
};
