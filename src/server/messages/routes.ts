import { Router } from 'express';
import { z } from 'zod';
import type { MessageSetupAnswer } from '../../domain/api';
import { email, id } from '../../domain/fields';
import { messageText } from '../../domain/messages';
import { canAccess } from '../../domain/permissions';
import { messageChannels } from '../../domain/schemas';
import type { Clock } from '../../domain/time';
import type { StoredCustomer } from '../../domain/types';
import { ApiError, badRequest, conflict, forbidden, handle, notFound } from '../http/errors';
import { allow, numericId, parseBody, userOf } from '../http/requests';
import { studioConfig } from '../rules/studio';
import type { Storage } from '../storage/types';
import type { Channels } from './channels';
import { makeLinkToken } from './telegram';
import { cancelNoticesOf } from './cancelNotices';

/*
 * POST /api/messages/:id/resend: a message that failed is queued again, due now, its tries counted from
 * zero; the runner sends it with the customer's channels as they are now. A skipped one is refused (409):
 * it had no channel to go by, or the customer turned its kind off, and the desk reaches them otherwise.
 * Managers and admins, who read the outbox. Messages are otherwise never written through the API.
 */
export const messageRoutes = (storage: Storage, clock: Clock): Router => {
    const router = Router();

    router.post(
        '/messages/:id/resend',
        handle(async (req, res) => {
            if (!canAccess(userOf(req).role, { resource: 'messages', action: 'list' }))
                throw forbidden('Your role may not send messages');
            const id = numericId(req.params.id);
            const now = clock();
            const message = await storage.transaction(async tx => {
                const found = await tx.get('messages', id);
                if (!found) throw notFound(`messages ${id} does not exist`);
                if (found.status !== 'failed')
                    throw conflict(`Only a failed message is sent again; this one is ${found.status}`, {
                        status: 'app.messages.errors.not_resendable',
                    });
                return tx.update('messages', {
                    ...found,
                    status: 'queued',
                    attempts: 0,
                    sendAt: now.toISOString(),
                    error: null,
                    leaseUntil: null,
                });
            });
            res.json(message);
        }),
    );

    router.patch(
        '/messages/:id',
        handle(async () => {
            throw new ApiError(
                405,
                'A message is never edited: resend a failed one with POST /api/messages/:id/resend',
            );
        }),
    );

    return router;
};

/*
 * The settings' view of the channels: GET /api/settings/messages (managers and admins) says which channels
 * this server sends through, from whom, and the last failure of each; POST /api/settings/messages/test
 * {channel, to | customerId} (admins) sends a test message at once (to an address, or to a customer's
 * linked Telegram chat) and answers what the other side said; POST /api/customers/:id/telegram-link makes
 * the card's link to the bot. Nothing secret is answered: no password, no token, no chat.
 */

/** A test goes to an e-mail address typed, or to a customer's linked Telegram chat. */
const testSchema = z.object({ channel: z.enum(messageChannels), to: email.optional(), customerId: id.optional() });

export const messageSetupRoutes = (storage: Storage, channels: Channels, clock: Clock): Router => {
    const router = Router();

    router.get(
        '/settings/messages',
        handle(async (req, res) => {
            allow(req, 'messages', 'list');
            const answer: MessageSetupAnswer = {
                channels: await Promise.all(
                    messageChannels.map(async channel => {
                        const [failed] = (
                            await storage.list('messages', {
                                filters: [
                                    { field: 'status', kind: 'equals', values: ['failed'] },
                                    { field: 'channel', kind: 'equals', values: [channel] },
                                ],
                                sort: { field: 'id', order: 'DESC' },
                                range: { start: 0, end: 0 },
                            })
                        ).records;
                        return {
                            channel,
                            configured: !!channels[channel],
                            sender: channels[channel]?.sender ?? null,
                            lastFailure: failed ? { at: failed.sendAt, error: failed.error ?? '' } : null,
                        };
                    }),
                ),
            };
            res.json(answer);
        }),
    );

    router.post(
        '/settings/messages/test',
        handle(async (req, res) => {
            allow(req, 'configs', 'edit');
            const { channel, to, customerId } = parseBody(testSchema, req.body);
            const sender = channels[channel];
            if (!sender)
                throw new ApiError(409, `${channel} is not set up on this server`, {
                    channel: 'app.messages.errors.not_configured',
                });
            const config = await studioConfig(storage);
            const { subject, text } = messageText('test', config.defaultLocale, {
                studioName: config.studioName,
            });
            const customer = customerId === undefined ? undefined : await storage.get('customers', customerId);
            const recipient = {
                email: to,
                telegramChatId: customer?.telegramLinked ? ((customer as StoredCustomer).telegramChatId ?? null) : null,
            };
            if (!sender.reaches(recipient))
                throw badRequest(
                    channel === 'email'
                        ? 'Give the address to send the test to'
                        : 'Choose a customer who linked Telegram',
                    channel === 'email'
                        ? { to: 'ra.validation.required' }
                        : { customerId: 'app.messages.errors.not_linked' },
                );
            try {
                await sender.send({ to: recipient, subject, text });
            } catch (error) {
                throw new ApiError(502, `The ${channel} server refused the test message: ${(error as Error).message}`);
            }
            res.json({ sent: true });
        }),
    );

    /*
     * POST /api/customers/:id/telegram-link (managers and admins): a one-time link to the studio's bot that
     * links the chat it is opened in to the customer, good for 7 days; a new one replaces the old.
     */
    router.post(
        '/customers/:id/telegram-link',
        handle(async (req, res) => {
            allow(req, 'customers', 'edit');
            const telegram = channels.telegram;
            if (!telegram)
                throw conflict('Telegram is not set up on this server: set TELEGRAM_BOT_TOKEN', {
                    channel: 'app.messages.errors.not_configured',
                });
            try {
                if (!telegram.bot.isInited()) await telegram.bot.init();
            } catch (error) {
                throw new ApiError(502, `Telegram did not answer: ${(error as Error).message}`);
            }
            const made = await makeLinkToken(storage, numericId(req.params.id), clock());
            if (!made) throw notFound(`customers ${req.params.id} does not exist`);
            res.json({ url: `https://t.me/${telegram.bot.botInfo.username}?start=${made.token}`, ...made });
        }),
    );

    return router;
};

/*
 * GET /api/events/:id/cancel-notices: who hears that the class is cancelled, before the cancel and after
 * it (cancelNotices.ts). Managers and admins, who read the outbox and the customers' phones.
 */
export const cancelNoticeRoutes = (storage: Storage, channels: Channels): Router => {
    const router = Router();

    router.get(
        '/events/:id/cancel-notices',
        handle(async (req, res) => {
            if (!canAccess(userOf(req).role, { resource: 'messages', action: 'list' }))
                throw forbidden('Your role may not read messages to customers');
            const event = await storage.get('events', numericId(req.params.id));
            if (!event) throw notFound(`events ${req.params.id} does not exist`);
            res.json(await cancelNoticesOf(storage, event, channels));
        }),
    );

    return router;
};
