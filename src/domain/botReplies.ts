import { signInCodeMinutes } from './messageTexts';
import type { Locale } from './statuses';

/*
 * What the studio's Telegram bot answers, in the customer's language. In Russian the studio's name opens
 * a reply as its sender, or signs it, so that it never has to be declined.
 */

/** What the studio's Telegram bot says. */
export type BotReply =
    'linked' | 'link_invalid' | 'about' | 'share_phone' | 'own_phone' | 'phone_unknown' | 'code' | 'code_wait';

interface BotFacts {
    studioName: string;
    name?: string;
    code?: string;
}

const botReplies: Record<Locale, Record<BotReply, (facts: BotFacts) => string>> = {
    en: {
        linked: facts =>
            `Hello${facts.name ? `, ${facts.name}` : ''}! ${facts.studioName} will send your bookings, reminders and news about your pass here.`,
        link_invalid: facts =>
            `This link does not work any more. Ask ${facts.studioName} for a new one: it is made on your card at the desk.`,
        about: facts =>
            `This is ${facts.studioName}'s bot: it sends bookings and reminders. To receive them here and sign in to your page, share your phone number (the button below), or open the link the studio gave you.`,
        share_phone: () => 'Share my phone number',
        own_phone: () => 'Please share your own phone number: the button below does it.',
        phone_unknown: facts =>
            `${facts.studioName} has no customer with this phone number. Sign up on the studio's page, or ask at the desk.`,
        code: facts =>
            `Your code to sign in: ${facts.code ?? ''}. It works for ${signInCodeMinutes} minutes: enter it with your phone number on the sign-in page. From now on your bookings and reminders come here.`,
        code_wait: () => 'A code was sent a moment ago: use it, or ask for a new one in a minute.',
    },
    ru: {
        linked: facts =>
            `Здравствуйте${facts.name ? `, ${facts.name}` : ''}! Сюда будут приходить ваши записи, напоминания и новости об абонементе.\n\n— ${facts.studioName}`,
        link_invalid: facts =>
            `${facts.studioName}: эта ссылка больше не действует. Попросите новую у администратора студии: её делают в вашей карточке.`,
        about: facts =>
            `${facts.studioName}: это наш бот, он присылает записи и напоминания. Чтобы получать их здесь и входить в личный кабинет, поделитесь номером телефона (кнопка ниже) или откройте ссылку, которую вам дали в студии.`,
        share_phone: () => 'Поделиться номером телефона',
        own_phone: () => 'Поделитесь, пожалуйста, своим номером: это делает кнопка ниже.',
        phone_unknown: facts =>
            `${facts.studioName}: клиента с этим номером у нас нет. Зарегистрируйтесь на странице студии или спросите администратора.`,
        code: facts =>
            `Ваш код для входа: ${facts.code ?? ''}. Он действует ${signInCodeMinutes} минут: введите его вместе с номером телефона на странице входа. Теперь записи и напоминания будут приходить сюда.`,
        code_wait: () => 'Код только что отправлен: используйте его или запросите новый через минуту.',
    },
};

/** What the bot says, in `locale`. */
export const botReply = (what: BotReply, locale: Locale, facts: BotFacts): string => botReplies[locale][what](facts);
