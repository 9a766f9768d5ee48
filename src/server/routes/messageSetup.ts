import { Router } from 'express';
import { z } from 'zod';
import type { MessageSetupAnswer } from '../../domain/api';
import { messageText } from '../../domain/messages';
import { email } from '../../domain/fields';
import { messageChannels } from '../../domain/schemas';
import { ApiError, handle } from '../http/errors';
import { allow, parseBody } from '../http/requests';
import type { Channels } from '../messages/channels';
import { studioConfig } from '../rules/studio';
import type { Storage } from '../storage/types';

/*
 * The settings' view of the channels: GET /api/settings/messages (managers and admins) says which channels
 * this server sends through, from whom, and the last failure of each; POST /api/settings/messages/test
 * {channel, to} (admins) sends a test message at once and answers what the other side said. Nothing
 * secret is answered: no password, no token.
 */

const testSchema = z.object({ channel: z.enum(messageChannels), to: email });

export const messageSetupRoutes = (storage: Storage, channels: Channels): Router => {
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
            const { channel, to } = parseBody(testSchema, req.body);
            const sender = channels[channel];
            if (!sender)
                throw new ApiError(409, `${channel} is not set up on this server`, {
                    channel: 'app.messages.errors.not_configured',
                });
            const config = await studioConfig(storage);
            const { subject, text } = messageText('test', config.defaultLocale, {
                studioName: config.studioName,
            });
            try {
                await sender.send({ to: { email: to }, subject, text });
            } catch (error) {
                throw new ApiError(502, `The ${channel} server refused the test message: ${(error as Error).message}`);
            }
            res.json({ sent: true });
        }),
    );

    return router;
};
