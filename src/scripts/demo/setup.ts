/*
 * What the studio set up before its first customer: settings, statuses, staff and the catalogue (halls,
 * directions, courses, plans), named in the studio's default language.
 */
import { payRate } from '../../domain/pay';
import type { Locale } from '../../domain/statuses';
import type { Config, Course, Direction, Status, StoredUser, Studio, Subscription } from '../../domain/types';
import { hashPasswordWithSalt } from '../../server/http/passwords';
import { BRANCH_HALL, COURSES, DIRECTIONS, STUDIOS } from './catalogue';
import { ATTENDANCE_STATUSES, CUSTOMER_STATUSES, PLANS } from './plans';
import type { Random } from './random';
import { ADMIN, MANAGER, MORE_COLORS, MORE_TEACHER_NAMES, TEACHER_PASSWORD, TEACHERS } from './staff';
import { localInstant, pad, type Calendar, type Sizes } from './world';

/** The demo studio's name, as its signboard would say it in the studio's language. */
const STUDIO_NAME: Record<Locale, string> = { en: 'Studio Pulse', ru: 'Студия «Пульс»' };

export const makeConfig = (calendar: Calendar, locale: Locale): Config => ({
    id: 'general',
    studioName: STUDIO_NAME[locale],
    currency: 'RUB',
    timezone: calendar.timeZone,
    country: 'RU',
    defaultLocale: locale,
    paymentLinkTtlHours: 72,
    expiringPassDays: 7,
    lowVisitsThreshold: 1,
    teacherEditDays: 2,
    autoCloseHours: 12,
    bookingOpensDays: 14,
    // A small studio on the simplified taxation (income), its classes without VAT.
    receiptTaxSystem: 'usn_income',
    receiptVat: 'none',
    receiptPaymentMode: 'full_payment',
    bookingClosesMinutes: 0,
    lateCancelHours: 12,
    maxWaitlists: 3,
    quietHours: '22:00-09:00',
    reminders: true,
    staffBookingNotices: true,
    membershipGraceDays: 3,
    closures: [],
    penaltyDelayHours: 24,
    createdAt: localInstant(calendar, calendar.setupDay, '09:00'),
});

type StatusSeed = {
    code: string;
    labels: { en: string; ru: string };
    color: string;
    isDefault?: boolean;
    charges?: boolean;
};

export const makeStatuses = (calendar: Calendar): Status[] => {
    const createdAt = localInstant(calendar, calendar.setupDay, '09:05');
    const list = (name: Status['name'], seeds: StatusSeed[]) =>
        seeds.map((seed, order) => ({
            name,
            code: seed.code,
            labels: seed.labels,
            color: seed.color,
            order,
            isDefault: seed.isDefault ?? false,
            charges: seed.charges ?? false,
        }));
    return [...list('customer', CUSTOMER_STATUSES), ...list('attendance', ATTENDANCE_STATUSES)].map(
        (status, index) => ({ id: index + 1, ...status, createdAt }),
    );
};

/** Admin, manager, then four teachers per branch; the first four are the named demo teachers. */
export const makeUsers = (random: Random, sizes: Sizes, calendar: Calendar, locale: Locale): StoredUser[] => {
    const createdAt = localInstant(calendar, calendar.setupDay, '09:10');
    const user = (
        name: string,
        email: string,
        password: string,
        role: StoredUser['role'],
        extra: Pick<StoredUser, 'phone' | 'color' | 'pay'>,
    ): Omit<StoredUser, 'id'> => ({
        name,
        email,
        role,
        ...extra,
        active: true,
        // The salt comes from the seeded stream so that the hash, and so db.json, is reproducible.
        passwordHash: hashPasswordWithSalt(password, random.bytes(16)),
        createdAt,
    });
    const none = [payRate({ kind: 'none', amount: 0 })];
    const staff = [
        user(ADMIN.name[locale], ADMIN.email, ADMIN.password, 'admin', { phone: ADMIN.phone, color: null, pay: none }),
        user(MANAGER.name[locale], MANAGER.email, MANAGER.password, 'manager', {
            phone: MANAGER.phone,
            color: null,
            pay: none,
        }),
    ];
    for (let branch = 0; branch < sizes.branches; branch++) {
        TEACHERS.forEach((seed, index) => {
            const number = branch * TEACHERS.length + index;
            const extra = number - TEACHERS.length;
            const name = (branch === 0 ? seed.name : MORE_TEACHER_NAMES[extra % MORE_TEACHER_NAMES.length])[locale];
            const email = branch === 0 ? seed.email : `teacher${number + 1}@studio.test`;
            const color = branch === 0 ? seed.color : MORE_COLORS[extra % MORE_COLORS.length];
            staff.push(
                user(name, email, TEACHER_PASSWORD, 'teacher', {
                    phone: `+7900200${pad(Math.floor(number / 100))}${pad(number % 100)}`,
                    color,
                    pay: seed.pay,
                }),
            );
        });
    }
    return staff.map((record, index) => ({ id: index + 1, ...record }));
};

/** The teacher of a branch who leads a direction (its key). */
export const teacherFor = (users: StoredUser[], branch: number, direction: string): StoredUser => {
    const index = TEACHERS.findIndex(teacher => teacher.directions.includes(direction));
    return users.filter(user => user.role === 'teacher')[branch * TEACHERS.length + index];
};

export const makeDirections = (calendar: Calendar, locale: Locale): Direction[] =>
    DIRECTIONS.map((seed, index) => ({
        id: index + 1,
        name: seed.name[locale],
        color: seed.color,
        description: seed.description[locale],
        active: true,
        createdAt: localInstant(calendar, calendar.setupDay, '09:20'),
    }));

export const makeStudios = (sizes: Sizes, calendar: Calendar, locale: Locale): Studio[] => {
    const studios: Studio[] = [];
    for (let branch = 0; branch < sizes.branches; branch++) {
        for (const seed of STUDIOS) {
            studios.push({
                id: studios.length + 1,
                name: branch === 0 ? seed.name[locale] : BRANCH_HALL[locale](branch + 1, seed.name[locale]),
                address: branch === 0 ? seed.address : `Филиал ${branch + 1}`,
                capacity: seed.capacity,
                color: seed.color,
                active: true,
                createdAt: localInstant(calendar, calendar.setupDay, '09:15'),
            });
        }
    }
    return studios;
};

/** Directions, courses and plans are numbered in the order of their seeds: the id of a seed's record. */
export const idOfKey = (seeds: readonly { key: string }[], key: string): number => {
    const index = seeds.findIndex(seed => seed.key === key);
    if (index < 0) throw new Error(`no ${key} in the catalogue`);
    return index + 1;
};

const directionIdOf = (directions: Direction[], key: string): number => directions[idOfKey(DIRECTIONS, key) - 1].id;

/** The key of a direction, whatever the language it is named in. */
export const directionKey = (direction: Direction): string => DIRECTIONS[direction.id - 1].key;

export const makeCourses = (directions: Direction[], calendar: Calendar, locale: Locale): Course[] =>
    COURSES.map((seed, index) => ({
        id: index + 1,
        name: seed.name[locale],
        directionId: directionIdOf(directions, seed.direction),
        level: seed.level,
        durationMinutes: seed.durationMinutes,
        description: seed.description[locale],
        active: true,
        createdAt: localInstant(calendar, calendar.setupDay, '09:25'),
    }));

export const makeSubscriptions = (directions: Direction[], calendar: Calendar, locale: Locale): Subscription[] =>
    PLANS.map((seed, index) => ({
        id: index + 1,
        name: seed.name[locale],
        price: seed.price,
        visits: seed.visits,
        validityDays: seed.validityDays,
        directionIds: seed.directions.map(key => directionIdOf(directions, key)),
        freezeDays: seed.freezeDays,
        trial: seed.trial,
        active: true,
        lateCancelHours: seed.lateCancelHours ?? null,
        // The demo studio sells every plan in the portal too.
        soldOnline: true,
        lateCancelPenalty: seed.policy?.lateCancelPenalty ?? { kind: 'none', amount: null },
        noShowPenalty: seed.policy?.noShowPenalty ?? { kind: 'none', amount: null },
        makeUps: seed.policy?.makeUps ?? false,
        autoRenew: false,
        createdAt: localInstant(calendar, calendar.setupDay, '09:30'),
    }));
