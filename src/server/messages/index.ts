/*
 * The messages room: what is said to customers and how it reaches them (the outbox, its runner, the
 * channels, the Telegram bot, the reminders and pass notices), the outbox's screens and the channels'
 * setup. Other code uses it through this index only.
 */
export { ChannelSetupError, channelsFrom, type Channels } from './channels';
export { hashOf, queuePassNotices, queueReminders } from './notices';
export {
    classFacts,
    customerChannels,
    messageRecord,
    queueMessage,
    recipientOf,
    sellingKinds,
    withdrawMessages,
} from './outbox';
export { cancelNoticeRoutes, messageRoutes, messageSetupRoutes } from './routes';
export { messageRules } from './rules';
export { deliverDue } from './runner';
export { publicUrlOfRequests, withPublicUrl } from './site';
export { makeLinkToken, startTelegramBot } from './telegram';
