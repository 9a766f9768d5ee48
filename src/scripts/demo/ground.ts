import { defaultConsentTexts, shownConsentText } from '../../domain/consents';
import { addDays } from '../../domain/time';
import { localInstant, type World } from './world';

/*
 * What every studio keeps beside the timetable and the money: the consents its customers gave (personal
 * data from each, offers from some, a few taken back) and the staff's tasks (due, overdue, a teacher's,
 * the teachers' queue, one done), so that the demo shows them on the cards, the dashboard and the lists.
 */

const words = {
    ru: {
        call: 'Позвонить: абонемент заканчивается',
        remind: 'Напомнить об оплате посещения',
        music: 'Подобрать музыку для открытого урока',
        hall: 'Проверить зеркала в малом зале',
        welcome: 'Позвонить новому клиенту после первого занятия',
        done: 'Дозвонились, придёт в субботу',
    },
    en: {
        call: 'Call: their pass is ending',
        remind: 'Remind them to pay for a visit',
        music: 'Choose the music for the open class',
        hall: 'Check the mirrors in the small hall',
        welcome: 'Call the new customer after their first class',
        done: 'Reached them, coming on Saturday',
    },
};

export const addConsentsAndTasks = (world: World): void => {
    const { db, random, calendar, config } = world;
    const locale = config.defaultLocale === 'ru' ? 'ru' : 'en';
    const text = (kind: 'personal_data' | 'marketing') =>
        shownConsentText(defaultConsentTexts, kind, locale, config.studioName);
    let id = 0;
    for (const customer of db.customers) {
        const given = { customerId: customer.id, terms: null, source: 'desk' as const, ip: null, revokedAt: null };
        db.consents.push({
            id: ++id,
            ...given,
            kind: 'personal_data',
            textVersion: defaultConsentTexts.personal_data.version,
            text: text('personal_data'),
            at: customer.createdAt,
            createdAt: customer.createdAt,
        });
        if (!random.chance(0.45)) continue;
        // A few took offers back since, a week or so after.
        const revoked = random.chance(0.1);
        const revokedAt = new Date(Date.parse(customer.createdAt) + random.int(3, 10) * 86_400_000).toISOString();
        db.consents.push({
            id: ++id,
            ...given,
            kind: 'marketing',
            textVersion: defaultConsentTexts.marketing.version,
            text: text('marketing'),
            at: customer.createdAt,
            revokedAt: revoked && revokedAt < localInstant(calendar, calendar.today, '00:00') ? revokedAt : null,
            createdAt: customer.createdAt,
        });
    }

    const t = words[locale];
    const teacher = db.users.find(user => user.role === 'teacher');
    const customerAt = (index: number) => db.customers[Math.min(index, db.customers.length - 1)]?.id ?? null;
    const made = localInstant(calendar, addDays(calendar.today, -2), '10:00');
    const task = (fields: {
        title: string;
        kind: 'call' | 'message' | 'other';
        customerId?: number | null;
        assigneeId?: number | null;
        assigneeRole?: 'manager' | 'teacher' | null;
        dueAt: string;
        done?: { at: string; note: string };
    }) =>
        db.tasks.push({
            id: db.tasks.length + 1,
            title: fields.title,
            kind: fields.kind,
            customerId: fields.customerId ?? null,
            leadId: null,
            membershipId: null,
            assigneeId: fields.assigneeId ?? null,
            assigneeRole: fields.assigneeRole ?? null,
            dueAt: fields.dueAt,
            note: fields.done?.note ?? null,
            source: 'manual',
            status: fields.done ? 'done' : 'open',
            doneAt: fields.done?.at ?? null,
            doneBy: fields.done ? world.managerId : null,
            createdBy: world.managerId,
            createdAt: made,
        });
    task({
        title: t.call,
        kind: 'call',
        customerId: customerAt(3),
        assigneeRole: 'manager',
        dueAt: localInstant(calendar, calendar.today, '12:00'),
    });
    task({
        title: t.remind,
        kind: 'message',
        customerId: customerAt(7),
        assigneeId: world.managerId,
        dueAt: localInstant(calendar, addDays(calendar.today, -1), '18:00'),
    });
    task({
        title: t.music,
        kind: 'other',
        assigneeId: teacher?.id ?? null,
        assigneeRole: teacher ? null : 'teacher',
        dueAt: localInstant(calendar, addDays(calendar.today, 2), '17:00'),
    });
    task({
        title: t.hall,
        kind: 'other',
        assigneeRole: 'teacher',
        dueAt: localInstant(calendar, addDays(calendar.today, 4), '12:00'),
    });
    task({
        title: t.welcome,
        kind: 'call',
        customerId: customerAt(11),
        assigneeRole: 'manager',
        dueAt: localInstant(calendar, addDays(calendar.today, -1), '12:00'),
        done: { at: localInstant(calendar, addDays(calendar.today, -1), '11:40'), note: t.done },
    });
};
