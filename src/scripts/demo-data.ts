/*
 * The demo database shipped as db.json, and larger ones for benchmarks.
 *
 * Pure and deterministic: every random choice comes from one seeded generator and every date from
 * `today`, so the same options always give the same database, byte for byte once serialised. The story
 * is simulated day by day over the last eight weeks: members come to their groups, buy passes when
 * theirs run out, freeze them, walk in, get refunds and pay by link, and every visit is charged by the
 * rule of src/domain/attendance.ts, so the numbers on every screen add up.
 */
import type { Locale } from '../domain/statuses';
import { payRate } from '../domain/pay';
import { hashPasswordWithSalt } from '../server/passwords';
import type {
    Attendance,
    Config,
    Course,
    Customer,
    Database,
    Direction,
    Pass,
    Payment,
    PaymentLink,
    Schedule,
    Slot,
    Status,
    StoredUser,
    Studio,
    StudioEvent,
    Subscription,
} from '../domain/types';

export interface DemoOptions {
    seed?: number;
    /** Multiplies customers and the timetable (with the teachers and halls it needs). */
    scale?: number;
    /** The anchor date: eight weeks of history before it, two weeks of timetable from it. */
    today?: string;
    /** The studio's default language: the catalogue (plans, halls, courses, directions) is named in it. */
    locale?: Locale;
}

// ---------------------------------------------------------------------------------------------------
// Random numbers

interface Random {
    /** A number in [0, 1). */
    next(): number;
    /** An integer in [min, max], both included. */
    int(min: number, max: number): number;
    chance(probability: number): boolean;
    pick<T>(items: readonly T[]): T;
    weighted<T>(entries: readonly (readonly [T, number])[]): T;
    shuffle<T>(items: readonly T[]): T[];
    bytes(count: number): Buffer;
}

/** mulberry32: tiny and fast, good enough for demo data, and the same seed always gives the same stream. */
const createRandom = (seed: number): Random => {
    let state = seed >>> 0;
    const next = (): number => {
        state = (state + 0x6d2b79f5) >>> 0;
        let t = state;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
    return {
        next,
        int,
        chance: probability => next() < probability,
        pick: items => items[int(0, items.length - 1)],
        weighted: entries => {
            const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
            let roll = next() * total;
            for (const [value, weight] of entries) {
                roll -= weight;
                if (roll < 0) return value;
            }
            return entries[entries.length - 1][0];
        },
        shuffle: items => {
            const copy = [...items];
            for (let index = copy.length - 1; index > 0; index--) {
                const other = int(0, index);
                [copy[index], copy[other]] = [copy[other], copy[index]];
            }
            return copy;
        },
        bytes: count => Buffer.from(Array.from({ length: count }, () => int(0, 255))),
    };
};

// ---------------------------------------------------------------------------------------------------
// Calendar arithmetic on plain dates: no time zone can shift a day.

const DAY_MS = 86_400_000;
/** Europe/Moscow has been UTC+3 all year round since 2014, so a fixed offset converts local times exactly. */
const STUDIO_UTC_OFFSET_MINUTES = 180;

export const addDays = (date: string, days: number): string =>
    new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** 1 = Monday ... 7 = Sunday, as in schedule slots. */
const weekdayOf = (date: string): number => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

const daysBetween = (from: string, to: string): number => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

const pad = (value: number): string => String(value).padStart(2, '0');
const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number): string => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/** The instant of a studio-local date and time. */
const instantAt = (date: string, time: string): string =>
    new Date(Date.parse(`${date}T${time}:00Z`) - STUDIO_UTC_OFFSET_MINUTES * 60_000).toISOString();

/** A local time between the hours `from` and `to` (that hour included). */
const randomTime = (random: Random, from: number, to: number): string =>
    timeOf(random.int(from, to) * 60 + random.int(0, 59));

const laterBy = (instant: string, minutes: number): string =>
    new Date(Date.parse(instant) + minutes * 60_000).toISOString();

const earlier = (a: string, b: string): string => (a < b ? a : b);

const overlaps = (startA: number, endA: number, startB: number, endB: number): boolean =>
    startA < endB && startB < endA;

// ---------------------------------------------------------------------------------------------------
// The studio's catalogue

const ADMIN = { name: 'Olga Admin', email: 'admin@studio.test', password: 'studio-admin', phone: '+7 900 100-00-01' };
const MANAGER = {
    name: 'Maria Manager',
    email: 'manager@studio.test',
    password: 'studio-manager',
    phone: '+7 900 100-00-02',
};
const TEACHER_PASSWORD = 'studio-teacher';

interface TeacherSeed {
    name: string;
    email: string;
    color: string;
    pay: StoredUser['pay'];
    /** The directions this teacher leads: groups of these directions go to them. */
    directions: string[];
}

const TEACHERS: TeacherSeed[] = [
    {
        name: 'Anna Petrova',
        email: 'anna@studio.test',
        color: '#E91E63',
        pay: [payRate({ kind: 'per_attendee', amount: 300 })],
        directions: ['Yoga', 'Pilates'],
    },
    {
        name: 'Boris Sokolov',
        email: 'boris@studio.test',
        color: '#3F51B5',
        pay: [payRate({ kind: 'per_event', amount: 1500 })],
        directions: ['Hip-hop'],
    },
    {
        name: 'Vera Ivanova',
        email: 'vera@studio.test',
        color: '#009688',
        pay: [payRate({ kind: 'per_event', amount: 1800 })],
        directions: ['Contemporary', 'Ballet'],
    },
    {
        name: 'Dmitry Orlov',
        email: 'dmitry@studio.test',
        color: '#FF9800',
        pay: [payRate({ kind: 'per_attendee', amount: 250 })],
        directions: ['Stretching'],
    },
];
/** Names for the teachers of the extra branches that larger scales add. */
const MORE_TEACHER_NAMES = [
    'Alina Kuznetsova',
    'Ilya Morozov',
    'Kira Volkova',
    'Maxim Lebedev',
    'Polina Smirnova',
    'Roman Zaitsev',
    'Sofia Novikova',
    'Timur Pavlov',
];
const MORE_COLORS = ['#8E24AA', '#1E88E5', '#43A047', '#F4511E', '#6D4C41', '#00ACC1', '#C0CA33', '#5E35B1'];

/**
 * The catalogue is named in the studio's default language (the config's defaultLocale), as a studio
 * would name its halls, directions, courses and plans. `key` is how the generator refers to a record,
 * whatever its name.
 */
type Names = Record<Locale, string>;

const STUDIOS: { name: Names; capacity: number; color: string; address: string }[] = [
    { name: { en: 'Main Hall', ru: 'Большой зал' }, capacity: 30, color: '#5D87FF', address: 'ул. Лесная, 5, 2 этаж' },
    {
        name: { en: 'Mirror Hall', ru: 'Зеркальный зал' },
        capacity: 20,
        color: '#13DEB9',
        address: 'ул. Лесная, 5, 3 этаж',
    },
    { name: { en: 'Small Hall', ru: 'Малый зал' }, capacity: 12, color: '#FFAE1F', address: 'ул. Лесная, 5, 3 этаж' },
];
/** The name of a hall of an extra branch (larger scales). */
const BRANCH_HALL: Record<Locale, (branch: number, hall: string) => string> = {
    en: (branch, hall) => `Branch ${branch}: ${hall}`,
    ru: (branch, hall) => `Филиал ${branch}: ${hall}`,
};

const DIRECTIONS: { key: string; name: Names; color: string; description: Names }[] = [
    {
        key: 'Yoga',
        name: { en: 'Yoga', ru: 'Йога' },
        color: '#7E57C2',
        description: {
            en: 'Hatha and vinyasa yoga for every level.',
            ru: 'Хатха и виньяса для любого уровня подготовки.',
        },
    },
    {
        key: 'Stretching',
        name: { en: 'Stretching', ru: 'Стретчинг' },
        color: '#26A69A',
        description: { en: 'Flexibility, splits and mobility.', ru: 'Гибкость, шпагаты и подвижность суставов.' },
    },
    {
        key: 'Contemporary',
        name: { en: 'Contemporary', ru: 'Контемпорари' },
        color: '#EF5350',
        description: { en: 'Modern dance technique and floor work.', ru: 'Техника современного танца и партер.' },
    },
    {
        key: 'Hip-hop',
        name: { en: 'Hip-hop', ru: 'Хип-хоп' },
        color: '#FFA726',
        description: { en: 'Grooves, foundations and choreography.', ru: 'Грувы, база и хореография.' },
    },
    {
        key: 'Pilates',
        name: { en: 'Pilates', ru: 'Пилатес' },
        color: '#42A5F5',
        description: {
            en: 'Core strength and posture on the mat.',
            ru: 'Сильный корпус и правильная осанка, занятия на коврике.',
        },
    },
    {
        key: 'Ballet',
        name: { en: 'Ballet', ru: 'Балет' },
        color: '#EC407A',
        description: {
            en: 'Classical technique at the barre and in the centre.',
            ru: 'Классическая техника у станка и на середине.',
        },
    },
];

const COURSES: {
    key: string;
    name: Names;
    direction: string;
    level: Course['level'];
    durationMinutes: number;
    description: Names;
}[] = [
    {
        key: 'Hatha Yoga',
        name: { en: 'Hatha Yoga', ru: 'Хатха-йога' },
        direction: 'Yoga',
        level: 'beginner',
        durationMinutes: 75,
        description: {
            en: 'Slow practice with attention to alignment.',
            ru: 'Спокойная практика с вниманием к выстраиванию асан.',
        },
    },
    {
        key: 'Vinyasa Flow',
        name: { en: 'Vinyasa Flow', ru: 'Виньяса-флоу' },
        direction: 'Yoga',
        level: 'intermediate',
        durationMinutes: 60,
        description: { en: 'Dynamic sequences linked with the breath.', ru: 'Динамичные связки в ритме дыхания.' },
    },
    {
        key: 'Stretching Basics',
        name: { en: 'Stretching Basics', ru: 'Стретчинг для начинающих' },
        direction: 'Stretching',
        level: 'beginner',
        durationMinutes: 60,
        description: { en: 'Gentle full-body stretching.', ru: 'Мягкая растяжка всего тела.' },
    },
    {
        key: 'Splits and Flexibility',
        name: { en: 'Splits and Flexibility', ru: 'Шпагат и гибкость' },
        direction: 'Stretching',
        level: 'intermediate',
        durationMinutes: 60,
        description: { en: 'Progressions towards the splits.', ru: 'Шаг за шагом к шпагату.' },
    },
    {
        key: 'Contemporary Technique',
        name: { en: 'Contemporary Technique', ru: 'Техника контемпорари' },
        direction: 'Contemporary',
        level: 'intermediate',
        durationMinutes: 90,
        description: { en: 'Release technique, floor work and phrases.', ru: 'Релиз-техника, партер и комбинации.' },
    },
    {
        key: 'Hip-hop Foundations',
        name: { en: 'Hip-hop Foundations', ru: 'Хип-хоп: основы' },
        direction: 'Hip-hop',
        level: 'beginner',
        durationMinutes: 60,
        description: { en: 'Grooves and basic steps.', ru: 'Грувы и базовые шаги.' },
    },
    {
        key: 'Hip-hop Choreography',
        name: { en: 'Hip-hop Choreography', ru: 'Хип-хоп: хореография' },
        direction: 'Hip-hop',
        level: 'advanced',
        durationMinutes: 90,
        description: { en: 'A new routine every month.', ru: 'Каждый месяц новая связка.' },
    },
    {
        key: 'Mat Pilates',
        name: { en: 'Mat Pilates', ru: 'Пилатес на ковриках' },
        direction: 'Pilates',
        level: 'open',
        durationMinutes: 60,
        description: { en: 'Classical mat repertoire.', ru: 'Классические упражнения пилатеса на коврике.' },
    },
    {
        key: 'Adult Ballet Barre',
        name: { en: 'Adult Ballet Barre', ru: 'Балет для взрослых' },
        direction: 'Ballet',
        level: 'beginner',
        durationMinutes: 75,
        description: {
            en: 'Ballet for adults who never danced.',
            ru: 'Для взрослых, которые никогда раньше не танцевали.',
        },
    },
    {
        key: 'Classical Ballet',
        name: { en: 'Classical Ballet', ru: 'Классический балет' },
        direction: 'Ballet',
        level: 'advanced',
        durationMinutes: 90,
        description: { en: 'Full class: barre, centre, allegro.', ru: 'Полный урок: станок, середина, прыжки.' },
    },
];

interface PlanSeed {
    key: string;
    name: Names;
    price: number;
    visits: number | null;
    validityDays: number;
    directions: string[];
    freezeDays: number;
    trial: boolean;
    /** How popular the plan is among members choosing a new pass (0: never chosen that way). */
    popularity: number;
}

const PLANS: PlanSeed[] = [
    {
        key: 'Single visit',
        name: { en: 'Single visit', ru: 'Разовое занятие' },
        price: 800,
        visits: 1,
        validityDays: 30,
        directions: [],
        freezeDays: 0,
        trial: false,
        popularity: 0,
    },
    {
        key: '4 visits',
        name: { en: '4 visits', ru: '4 занятия' },
        price: 2800,
        visits: 4,
        validityDays: 30,
        directions: [],
        freezeDays: 3,
        trial: false,
        popularity: 20,
    },
    {
        key: '8 visits',
        name: { en: '8 visits', ru: '8 занятий' },
        price: 5200,
        visits: 8,
        validityDays: 35,
        directions: [],
        freezeDays: 7,
        trial: false,
        popularity: 35,
    },
    {
        key: '12 visits',
        name: { en: '12 visits', ru: '12 занятий' },
        price: 7200,
        visits: 12,
        validityDays: 60,
        directions: [],
        freezeDays: 10,
        trial: false,
        popularity: 15,
    },
    {
        key: 'Unlimited month',
        name: { en: 'Unlimited month', ru: 'Безлимит на месяц' },
        price: 9000,
        visits: null,
        validityDays: 30,
        directions: [],
        freezeDays: 14,
        trial: false,
        popularity: 10,
    },
    {
        key: 'Trial class',
        name: { en: 'Trial class', ru: 'Пробное занятие' },
        price: 500,
        visits: 1,
        validityDays: 7,
        directions: [],
        freezeDays: 0,
        trial: true,
        popularity: 0,
    },
    {
        key: 'Yoga 8 visits',
        name: { en: 'Yoga 8 visits', ru: 'Йога 8 занятий' },
        price: 4800,
        visits: 8,
        validityDays: 35,
        directions: ['Yoga'],
        freezeDays: 7,
        trial: false,
        popularity: 30,
    },
    {
        key: 'Stretching 10 visits',
        name: { en: 'Stretching 10 visits', ru: 'Стретчинг 10 занятий' },
        price: 6000,
        visits: 10,
        validityDays: 45,
        directions: ['Stretching'],
        freezeDays: 14,
        trial: false,
        popularity: 30,
    },
];

/** Statuses in both languages of the interface: staff read them in the language they chose. */
const CUSTOMER_STATUSES = [
    { code: 'lead', labels: { en: 'Lead', ru: 'Интерес' }, color: '#78909C' },
    { code: 'trial', labels: { en: 'Trial', ru: 'Пробное' }, color: '#FFB300' },
    { code: 'active', labels: { en: 'Active', ru: 'Занимается' }, color: '#00A884', isDefault: true },
    { code: 'paused', labels: { en: 'Paused', ru: 'Пауза' }, color: '#5D87FF' },
    { code: 'left', labels: { en: 'Left', ru: 'Ушёл' }, color: '#E57373' },
];
const ATTENDANCE_STATUSES = [
    { code: 'attended', labels: { en: 'Attended', ru: 'Был' }, color: '#2E7D32', isDefault: true, charges: true },
    { code: 'late', labels: { en: 'Late', ru: 'Опоздал' }, color: '#F9A825', charges: true },
    { code: 'missed', labels: { en: 'Missed', ru: 'Пропуск' }, color: '#C62828', charges: true },
    { code: 'excused', labels: { en: 'Excused', ru: 'Уважительная' }, color: '#1565C0', charges: false },
    { code: 'trial', labels: { en: 'Trial', ru: 'Пробное' }, color: '#6A1B9A', charges: false },
];

const WORKSHOPS: { title: Names; course: string; when: 'past' | 'next_saturday' | 'next_sunday' }[] = [
    {
        title: { en: 'Contemporary workshop: floor work', ru: 'Мастер-класс по контемпорари: партер' },
        course: 'Contemporary Technique',
        when: 'past',
    },
    {
        title: { en: 'Open Saturday: yoga inversions', ru: 'Открытая суббота: перевёрнутые асаны' },
        course: 'Vinyasa Flow',
        when: 'next_saturday',
    },
    {
        title: { en: 'Hip-hop battle preparation', ru: 'Подготовка к хип-хоп баттлу' },
        course: 'Hip-hop Choreography',
        when: 'next_sunday',
    },
];

// Customers are Russian: Cyrillic names, with the surname agreeing with the first name's gender.
const FEMALE_NAMES = [
    'Анна',
    'Мария',
    'Елена',
    'Ольга',
    'Наталья',
    'Екатерина',
    'Татьяна',
    'Ирина',
    'Светлана',
    'Юлия',
    'Анастасия',
    'Дарья',
    'Полина',
    'Алина',
    'Ксения',
    'Виктория',
    'Александра',
    'Софья',
    'Марина',
    'Вероника',
    'Кристина',
    'Евгения',
    'Валерия',
    'Алёна',
];
const MALE_NAMES = [
    'Алексей',
    'Дмитрий',
    'Сергей',
    'Андрей',
    'Максим',
    'Иван',
    'Артём',
    'Никита',
    'Михаил',
    'Егор',
    'Кирилл',
    'Роман',
    'Павел',
    'Илья',
];
/** Male forms; every one takes -а in the female form. */
const SURNAMES = [
    'Иванов',
    'Смирнов',
    'Кузнецов',
    'Попов',
    'Васильев',
    'Петров',
    'Соколов',
    'Михайлов',
    'Новиков',
    'Фёдоров',
    'Морозов',
    'Волков',
    'Алексеев',
    'Лебедев',
    'Семёнов',
    'Егоров',
    'Павлов',
    'Козлов',
    'Степанов',
    'Николаев',
    'Орлов',
    'Андреев',
    'Макаров',
    'Никитин',
    'Захаров',
    'Зайцев',
    'Соловьёв',
    'Борисов',
    'Яковлев',
    'Григорьев',
    'Романов',
    'Воробьёв',
    'Сергеев',
    'Кузьмин',
    'Фролов',
    'Александров',
    'Дмитриев',
    'Королёв',
    'Гусев',
    'Киселёв',
    'Ильин',
    'Максимов',
    'Поляков',
    'Сорокин',
    'Виноградов',
    'Ковалёв',
    'Белов',
    'Медведев',
    'Антонов',
    'Тарасов',
    'Жуков',
    'Баранов',
    'Филиппов',
    'Комаров',
    'Давыдов',
    'Беляев',
    'Герасимов',
    'Богданов',
    'Осипов',
    'Сидоров',
];
const SOURCES = ['instagram', 'friend', 'website', 'walk-in'];
const CUSTOMER_NOTES = [
    'Предпочитает вечерние занятия',
    'Травма колена: без глубоких выпадов',
    'Интересуется индивидуальными занятиями',
    'Пришла по рекомендации подруги',
    'Просит напоминать о продлении абонемента',
    'Занимается вместе с дочерью',
    'Готовится к выступлению в декабре',
];
/** Reserved example domains, so that no demo address can ever reach a real mailbox. */
const EMAIL_DOMAINS = ['example.com', 'example.org', 'example.net'];
const CANCELLED_EVENT_NOTES = ['Преподаватель заболел', 'Технические работы в зале', 'Перенос по просьбе группы'];
const LINK_DESCRIPTIONS = [
    'Продление абонемента',
    'Абонемент на следующий месяц',
    'Оплата абонемента по ссылке',
    'Абонемент для новой клиентки',
];
const REFUND_NOTES = ['Возврат: переезд в другой город', 'Возврат по заявлению клиента'];

const TRANSLITERATION: Record<string, string> = {
    а: 'a',
    б: 'b',
    в: 'v',
    г: 'g',
    д: 'd',
    е: 'e',
    ё: 'e',
    ж: 'zh',
    з: 'z',
    и: 'i',
    й: 'y',
    к: 'k',
    л: 'l',
    м: 'm',
    н: 'n',
    о: 'o',
    п: 'p',
    р: 'r',
    с: 's',
    т: 't',
    у: 'u',
    ф: 'f',
    х: 'kh',
    ц: 'ts',
    ч: 'ch',
    ш: 'sh',
    щ: 'shch',
    ъ: '',
    ы: 'y',
    ь: '',
    э: 'e',
    ю: 'yu',
    я: 'ya',
};
const transliterate = (text: string): string =>
    [...text.toLowerCase()].map(letter => TRANSLITERATION[letter] ?? letter).join('');

// ---------------------------------------------------------------------------------------------------
// The simulation's bookkeeping (never stored)

interface Calendar {
    today: string;
    /** The first day with events: eight weeks before today. */
    firstDay: string;
    /** The last day with events: two weeks from today, today included. */
    lastDay: string;
    /** When the studio was set up: catalogue, staff and statuses date from then. */
    setupDay: string;
}

interface Sizes {
    customers: number;
    schedules: number;
    /** Copies of the scale-1 timetable, each with its own 4 teachers and 3 halls, so none is overbooked. */
    branches: number;
    /** Multiplier for the handful-of counts: refunds, payment links. */
    few: (count: number) => number;
}

interface Membership {
    customerId: number;
    schedule: Schedule;
    directionId: number;
    joinsOn: string;
    /** Members who leave stop coming and are no longer in the group's customerIds. */
    leavesOn: string | null;
    /** How likely the member comes to a class. */
    reliability: number;
    /** Newcomers start with a free trial class, a paid trial plan, or straight away with a pass. */
    firstVisit: 'free_trial' | 'trial_plan' | 'pass';
}

/** What the simulation knows about one customer. */
interface CustomerFile {
    customer: Customer;
    memberships: Membership[];
    passes: Pass[];
    /** The earliest instant the studio dealt with the customer: their record must be older. */
    firstSeen: string | null;
    /** Came to at least one class (a trial mark included): a free trial only happens on the first visit. */
    visited: boolean;
    hadTrialMark: boolean;
    refunded: boolean;
}

interface Mark {
    event: StudioEvent;
    customerId: number;
    status: string;
    membership: Membership | null;
    /** Not one of the customer's groups (a workshop): a missing pass is paid with a single visit. */
    dropIn: boolean;
    /** A lead off the street: always buys a single visit. */
    walkIn: boolean;
}

interface World {
    random: Random;
    calendar: Calendar;
    sizes: Sizes;
    config: Config;
    db: Database;
    adminId: number;
    managerId: number;
    courseOf: Map<number, Course>;
    chargingCodes: Set<string>;
    files: Map<number, CustomerFile>;
    membersOf: Map<number, Membership[]>;
    /** Customers who are in no group, in the order walk-ins, refunds and links take them. */
    leads: number[];
    /** Regulars who will freeze their pass over `today`. */
    pausing: Set<number>;
    /** Payments of walk-in and drop-in single visits, which never become payment-link sales. */
    singleVisitPayments: Set<Payment>;
}

// ---------------------------------------------------------------------------------------------------
// Settings, staff and catalogue

const makeConfig = (calendar: Calendar, locale: Locale): Config => ({
    id: 'general',
    studioName: 'Studio Pulse',
    currency: 'RUB',
    timezone: 'Europe/Moscow',
    defaultLocale: locale,
    paymentLinkTtlHours: 72,
    expiringPassDays: 7,
    lowVisitsThreshold: 1,
    teacherEditDays: 2,
    createdAt: instantAt(calendar.setupDay, '09:00'),
});

const makeStatuses = (calendar: Calendar): Status[] => {
    const createdAt = instantAt(calendar.setupDay, '09:05');
    const list = (
        name: Status['name'],
        seeds: {
            code: string;
            labels: { en: string; ru: string };
            color: string;
            isDefault?: boolean;
            charges?: boolean;
        }[],
    ) =>
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
        (status, index) => ({
            id: index + 1,
            ...status,
            createdAt,
        }),
    );
};

/** Admin, manager, then four teachers per branch; the first four are the named demo teachers. */
const makeUsers = (random: Random, sizes: Sizes, calendar: Calendar): StoredUser[] => {
    const createdAt = instantAt(calendar.setupDay, '09:10');
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
        user(ADMIN.name, ADMIN.email, ADMIN.password, 'admin', { phone: ADMIN.phone, color: null, pay: none }),
        user(MANAGER.name, MANAGER.email, MANAGER.password, 'manager', {
            phone: MANAGER.phone,
            color: null,
            pay: none,
        }),
    ];
    for (let branch = 0; branch < sizes.branches; branch++) {
        TEACHERS.forEach((seed, index) => {
            const number = branch * TEACHERS.length + index;
            const extra = number - TEACHERS.length;
            const name = branch === 0 ? seed.name : MORE_TEACHER_NAMES[extra % MORE_TEACHER_NAMES.length];
            const email = branch === 0 ? seed.email : `teacher${number + 1}@studio.test`;
            const color = branch === 0 ? seed.color : MORE_COLORS[extra % MORE_COLORS.length];
            staff.push(
                user(name, email, TEACHER_PASSWORD, 'teacher', {
                    phone: `+7 900 200-${pad(Math.floor(number / 100))}-${pad(number % 100)}`,
                    color,
                    pay: seed.pay,
                }),
            );
        });
    }
    return staff.map((record, index) => ({ id: index + 1, ...record }));
};

/** The teacher of a branch who leads a direction (its key). */
const teacherFor = (users: StoredUser[], branch: number, direction: string): StoredUser => {
    const index = TEACHERS.findIndex(teacher => teacher.directions.includes(direction));
    return users.filter(user => user.role === 'teacher')[branch * TEACHERS.length + index];
};

const makeDirections = (calendar: Calendar, locale: Locale): Direction[] =>
    DIRECTIONS.map((seed, index) => ({
        id: index + 1,
        name: seed.name[locale],
        color: seed.color,
        description: seed.description[locale],
        active: true,
        createdAt: instantAt(calendar.setupDay, '09:20'),
    }));

const makeStudios = (sizes: Sizes, calendar: Calendar, locale: Locale): Studio[] => {
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
                createdAt: instantAt(calendar.setupDay, '09:15'),
            });
        }
    }
    return studios;
};

/** Directions, courses and plans are numbered in the order of their seeds: the id of a seed's record. */
const idOfKey = (seeds: readonly { key: string }[], key: string): number => {
    const index = seeds.findIndex(seed => seed.key === key);
    if (index < 0) throw new Error(`no ${key} in the catalogue`);
    return index + 1;
};

const directionIdOf = (directions: Direction[], key: string): number => directions[idOfKey(DIRECTIONS, key) - 1].id;

/** The key of a direction, whatever the language it is named in. */
const directionKey = (direction: Direction): string => DIRECTIONS[direction.id - 1].key;

const makeCourses = (directions: Direction[], calendar: Calendar, locale: Locale): Course[] =>
    COURSES.map((seed, index) => ({
        id: index + 1,
        name: seed.name[locale],
        directionId: directionIdOf(directions, seed.direction),
        level: seed.level,
        durationMinutes: seed.durationMinutes,
        description: seed.description[locale],
        active: true,
        createdAt: instantAt(calendar.setupDay, '09:25'),
    }));

const makeSubscriptions = (directions: Direction[], calendar: Calendar, locale: Locale): Subscription[] =>
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
        createdAt: instantAt(calendar.setupDay, '09:30'),
    }));

// ---------------------------------------------------------------------------------------------------
// Customers

const makePhone = (random: Random, taken: Set<string>): string => {
    for (;;) {
        const phone = `+7 9${random.int(0, 9)}${random.int(0, 9)} ${random.int(100, 999)}-${pad(random.int(0, 99))}-${pad(random.int(0, 99))}`;
        if (!taken.has(phone)) {
            taken.add(phone);
            return phone;
        }
    }
};

const makeEmail = (
    random: Random,
    firstName: string,
    lastName: string,
    birthYear: number | null,
    taken: Set<string>,
): string => {
    const first = transliterate(firstName);
    const last = transliterate(lastName);
    const local = random.pick([
        `${first}.${last}`,
        `${first[0]}${last}`,
        `${first}${birthYear ? String(birthYear).slice(2) : random.int(10, 99)}`,
    ]);
    const domain = random.pick(EMAIL_DOMAINS);
    for (let suffix = 1; ; suffix++) {
        const email = `${local}${suffix === 1 ? '' : suffix}@${domain}`;
        if (!taken.has(email)) {
            taken.add(email);
            return email;
        }
    }
};

/** Status and createdAt are settled at the end of the simulation, from what the customer did. */
const makeCustomers = (random: Random, count: number, calendar: Calendar): Customer[] => {
    const phones = new Set<string>();
    const emails = new Set<string>();
    const todayYear = Number(calendar.today.slice(0, 4));
    return Array.from({ length: count }, (_, index) => {
        // Most of a studio's customers are women.
        const female = random.chance(0.75);
        const firstName = random.pick(female ? FEMALE_NAMES : MALE_NAMES);
        const surname = random.pick(SURNAMES);
        const lastName = female ? `${surname}а` : surname;
        const birthDate = random.chance(0.6)
            ? `${todayYear - random.int(16, 55)}-${pad(random.int(1, 12))}-${pad(random.int(1, 28))}`
            : null;
        return {
            id: index + 1,
            firstName,
            lastName,
            phone: makePhone(random, phones),
            email: random.chance(0.55)
                ? makeEmail(random, firstName, lastName, birthDate ? Number(birthDate.slice(0, 4)) : null, emails)
                : null,
            birthDate,
            status: 'lead',
            source: random.chance(0.75) ? random.pick(SOURCES) : null,
            notes: random.chance(0.1) ? random.pick(CUSTOMER_NOTES) : null,
            createdAt: instantAt(calendar.setupDay, '10:00'),
        };
    });
};

// ---------------------------------------------------------------------------------------------------
// Timetable: schedules whose slots never put a teacher or a hall in two places at once

/** Weekly bookings of teachers and halls, by weekday, in minutes from midnight. */
class WeeklyBookings {
    private readonly taken = new Map<string, [number, number][]>();

    isFree(owner: string, weekday: number, start: number, end: number): boolean {
        return !(this.taken.get(`${owner}/${weekday}`) ?? []).some(([from, to]) => overlaps(start, end, from, to));
    }

    book(owner: string, weekday: number, start: number, end: number): void {
        const key = `${owner}/${weekday}`;
        this.taken.set(key, [...(this.taken.get(key) ?? []), [start, end]]);
    }
}

const WEEKDAY_PATTERNS: Record<number, number[][]> = {
    1: [[6], [7], [2], [4], [5]],
    2: [
        [1, 3],
        [2, 4],
        [3, 5],
        [1, 4],
        [2, 5],
        [6, 7],
    ],
    3: [
        [1, 3, 5],
        [2, 4, 6],
        [1, 3, 6],
    ],
};
const EVENING_TIMES = ['17:30', '19:00', '20:30'];
const DAYTIME_TIMES = ['08:00', '10:00', '12:00', '14:00'];
/** Weekdays in group titles ("Хатха-йога · Пн/Ср 19:00"), in the studio's language. */
const WEEKDAY_SHORT: Record<Locale, string[]> = {
    en: ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
    ru: ['', 'Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'],
};

/** Most groups meet in the evening, after work; some in the morning or at lunchtime. */
const candidateTimes = (random: Random): string[] =>
    random.chance(0.85)
        ? [...random.shuffle(EVENING_TIMES), ...random.shuffle(DAYTIME_TIMES)]
        : [...random.shuffle(DAYTIME_TIMES), ...random.shuffle(EVENING_TIMES)];

/** Finds weekly slots (same time on every day of a pattern) free for the teacher and one of the halls. */
const findSlots = (
    random: Random,
    bookings: WeeklyBookings,
    teacherId: number,
    halls: Studio[],
    durationMinutes: number,
): { studio: Studio; slots: Slot[] } => {
    const wanted = random.weighted([
        [1, 20],
        [2, 55],
        [3, 25],
    ] as const);
    const times = candidateTimes(random);
    for (let count: number = wanted; count >= 1; count--) {
        for (const studio of random.shuffle(halls)) {
            for (const pattern of random.shuffle(WEEKDAY_PATTERNS[count])) {
                for (const time of times) {
                    const start = minutesOf(time);
                    const end = start + durationMinutes;
                    const free = pattern.every(
                        weekday =>
                            bookings.isFree(`teacher ${teacherId}`, weekday, start, end) &&
                            bookings.isFree(`studio ${studio.id}`, weekday, start, end),
                    );
                    if (!free) continue;
                    for (const weekday of pattern) {
                        bookings.book(`teacher ${teacherId}`, weekday, start, end);
                        bookings.book(`studio ${studio.id}`, weekday, start, end);
                    }
                    return { studio, slots: pattern.map(weekday => ({ weekday, startTime: time, durationMinutes })) };
                }
            }
        }
    }
    throw new Error(`no free slot for teacher ${teacherId}`);
};

/** Groups, with the size each should be filled to. Branch b uses its own teachers and halls. */
const makeSchedules = (
    world: Pick<World, 'random' | 'calendar' | 'sizes'> & { locale: Locale },
    users: StoredUser[],
    studios: Studio[],
    courses: Course[],
    directions: Direction[],
): { schedules: Schedule[]; groupSizes: Map<number, number> } => {
    const { random, calendar, sizes, locale } = world;
    const bookings = new WeeklyBookings();
    const schedules: Schedule[] = [];
    const groupSizes = new Map<number, number>();
    const perBranch = Math.ceil(sizes.schedules / sizes.branches);
    for (let index = 0; index < sizes.schedules; index++) {
        const branch = Math.floor(index / perBranch);
        // Every course gets a group; the first ones (the most popular) get two.
        const course = courses[(index % perBranch) % courses.length];
        const direction = directions.find(candidate => candidate.id === course.directionId) as Direction;
        const teacher = teacherFor(users, branch, directionKey(direction));
        const size = random.int(6, 15);
        const halls = studios
            .slice(branch * STUDIOS.length, (branch + 1) * STUDIOS.length)
            .filter(hall => hall.capacity >= size);
        const { studio, slots } = findSlots(random, bookings, teacher.id, halls, course.durationMinutes);
        const startsOn = addDays(calendar.today, -84 - random.int(0, 14));
        const id = schedules.length + 1;
        groupSizes.set(id, size);
        schedules.push({
            id,
            title: `${course.name} · ${slots.map(slot => WEEKDAY_SHORT[locale][slot.weekday]).join('/')} ${slots[0].startTime}`,
            courseId: course.id,
            teacherId: teacher.id,
            studioId: studio.id,
            slots,
            startsOn,
            // Some groups run for a season; their end is still after the two weeks of planned events.
            endsOn: random.chance(0.3) ? addDays(calendar.today, 7 * random.int(4, 16)) : null,
            capacity: Math.min(studio.capacity, size + random.int(2, 6)),
            customerIds: [],
            active: true,
            createdAt: instantAt(addDays(startsOn, -random.int(3, 10)), '11:00'),
        });
    }
    return { schedules, groupSizes };
};

// ---------------------------------------------------------------------------------------------------
// Events

type Timed = Pick<StudioEvent, 'startsAt' | 'durationMinutes'>;

const eventStart = (event: Timed): number => minutesOf(event.startsAt.slice(11));
const eventDate = (event: Timed): string => event.startsAt.slice(0, 10);

const eventsOverlap = (a: Timed, b: Timed): boolean =>
    eventDate(a) === eventDate(b) &&
    overlaps(eventStart(a), eventStart(a) + a.durationMinutes, eventStart(b), eventStart(b) + b.durationMinutes);

/** One event per slot date from the first to the last day; past ones done (a few cancelled), the rest planned. */
const expandSchedule = (random: Random, calendar: Calendar, schedule: Schedule): Omit<StudioEvent, 'id'>[] => {
    const events: Omit<StudioEvent, 'id'>[] = [];
    for (let date = calendar.firstDay; date <= calendar.lastDay; date = addDays(date, 1)) {
        if (date < schedule.startsOn || (schedule.endsOn && date > schedule.endsOn)) continue;
        for (const slot of schedule.slots.filter(candidate => candidate.weekday === weekdayOf(date))) {
            const past = date < calendar.today;
            const cancelled = past && random.chance(0.03);
            events.push({
                scheduleId: schedule.id,
                title: null,
                courseId: schedule.courseId,
                teacherId: schedule.teacherId,
                studioId: schedule.studioId,
                startsAt: `${date}T${slot.startTime}`,
                durationMinutes: slot.durationMinutes,
                capacity: schedule.capacity,
                status: cancelled ? 'cancelled' : past ? 'done' : 'planned',
                notes: cancelled ? random.pick(CANCELLED_EVENT_NOTES) : null,
                // Staff generate the timetable two weeks ahead.
                createdAt: instantAt(addDays(date, -14), '09:00'),
            });
        }
    }
    return events;
};

const saturdayOnOrAfter = (date: string): string => addDays(date, (6 - weekdayOf(date) + 7) % 7);

/** One-off workshops of the first branch, on weekend afternoons where teacher and hall are free. */
const placeWorkshops = (
    calendar: Calendar,
    events: Omit<StudioEvent, 'id'>[],
    courses: Course[],
    directions: Direction[],
    users: StoredUser[],
    studios: Studio[],
    locale: Locale,
): Omit<StudioEvent, 'id'>[] => {
    const placed: Omit<StudioEvent, 'id'>[] = [];
    const nextSaturday = saturdayOnOrAfter(addDays(calendar.today, 1));
    const dates = {
        past: saturdayOnOrAfter(addDays(calendar.today, -28)),
        next_saturday: nextSaturday,
        next_sunday: addDays(nextSaturday, 1),
    };
    const durationMinutes = 120;
    for (const workshop of WORKSHOPS) {
        const course = courses[idOfKey(COURSES, workshop.course) - 1];
        const direction = directions.find(candidate => candidate.id === course.directionId) as Direction;
        const teachers = [
            teacherFor(users, 0, directionKey(direction)),
            ...users.filter(user => user.role === 'teacher').slice(0, TEACHERS.length),
        ];
        const date = dates[workshop.when];
        const sameDay = [...events, ...placed].filter(other => eventDate(other) === date);
        const candidates = teachers.flatMap(teacher =>
            studios
                .slice(0, STUDIOS.length)
                .flatMap(studio =>
                    Array.from({ length: 13 }, (_, step) => ({ teacher, studio, time: timeOf(12 * 60 + step * 30) })),
                ),
        );
        const choice = candidates.find(
            ({ teacher, studio, time }) =>
                !sameDay.some(
                    other =>
                        (other.teacherId === teacher.id || other.studioId === studio.id) &&
                        eventsOverlap(other, { startsAt: `${date}T${time}`, durationMinutes }),
                ),
        );
        if (!choice) throw new Error(`no free hall for workshop ${workshop.title.en}`);
        placed.push({
            scheduleId: null,
            title: workshop.title[locale],
            courseId: course.id,
            teacherId: choice.teacher.id,
            studioId: choice.studio.id,
            startsAt: `${date}T${choice.time}`,
            durationMinutes,
            capacity: choice.studio.capacity,
            status: date < calendar.today ? 'done' : 'planned',
            notes: null,
            createdAt: instantAt(addDays(date, -21), '12:00'),
        });
    }
    return placed;
};

/** Ids follow the timetable's order, as if the events had been created in it. */
const numberEvents = (events: Omit<StudioEvent, 'id'>[]): StudioEvent[] =>
    [...events]
        .sort((a, b) => (a.startsAt === b.startsAt ? a.studioId - b.studioId : a.startsAt < b.startsAt ? -1 : 1))
        .map((event, index) => ({ id: index + 1, ...event }));

// ---------------------------------------------------------------------------------------------------
// Groups' members

/** Two groups whose slots overlap: nobody can be a member of both. */
const groupsClash = (a: Schedule, b: Schedule): boolean =>
    a.slots.some(slot =>
        b.slots.some(
            other =>
                slot.weekday === other.weekday &&
                overlaps(
                    minutesOf(slot.startTime),
                    minutesOf(slot.startTime) + slot.durationMinutes,
                    minutesOf(other.startTime),
                    minutesOf(other.startTime) + other.durationMinutes,
                ),
        ),
    );

/**
 * Four in five customers are regulars, spread over the groups (a few in two); the rest are leads, who
 * walk in, ask for payment links or never come.
 */
const assignMembers = (world: World, groupSizes: Map<number, number>): void => {
    const { random, calendar, db } = world;
    const order = random.shuffle(db.customers.map(customer => customer.id));
    const regulars = order.slice(0, Math.round(order.length * 0.8));
    world.leads = order.slice(regulars.length);
    let cursor = 0;
    for (const schedule of db.schedules) {
        const members: Membership[] = [];
        const size = Math.min(groupSizes.get(schedule.id) ?? 6, schedule.capacity);
        for (let tries = 0; members.length < size && tries < regulars.length; tries++) {
            const customerId = regulars[cursor++ % regulars.length];
            const file = world.files.get(customerId) as CustomerFile;
            if (file.memberships.some(other => other.schedule === schedule || groupsClash(other.schedule, schedule)))
                continue;
            const newcomer = random.chance(0.25);
            const membership: Membership = {
                customerId,
                schedule,
                directionId: (world.courseOf.get(schedule.courseId) as Course).directionId,
                joinsOn: newcomer
                    ? addDays(calendar.firstDay, random.int(7, daysBetween(calendar.firstDay, calendar.today) - 1))
                    : calendar.firstDay,
                leavesOn: !newcomer && random.chance(0.08) ? addDays(calendar.today, -random.int(7, 40)) : null,
                reliability: 0.7 + random.next() * 0.25,
                firstVisit: newcomer
                    ? random.weighted([
                          ['free_trial', 45],
                          ['trial_plan', 30],
                          ['pass', 25],
                      ] as const)
                    : 'pass',
            };
            members.push(membership);
            file.memberships.push(membership);
        }
        world.membersOf.set(schedule.id, members);
    }
    const stayers = [...world.files.values()].filter(
        file => file.memberships.length > 0 && file.memberships.every(membership => !membership.leavesOn),
    );
    world.pausing = new Set(
        random
            .shuffle(stayers)
            .slice(0, world.sizes.few(4))
            .map(file => file.customer.id),
    );
};

// ---------------------------------------------------------------------------------------------------
// The charging rule (src/domain/attendance.ts)

/** Active on the date: not cancelled, within its dates, not frozen, with visits left (counting `extraUses`). */
const isActiveOn = (pass: Pass, date: string, extraUses = 0): boolean =>
    !pass.cancelled &&
    pass.startsOn <= date &&
    date <= pass.endsOn &&
    !(pass.frozenFrom && pass.frozenTo && pass.frozenFrom <= date && date <= pass.frozenTo) &&
    (pass.visitsTotal === null || pass.visitsUsed + extraUses < pass.visitsTotal);

const covers = (pass: Pick<Pass, 'directionIds'>, directionId: number): boolean =>
    pass.directionIds.length === 0 || pass.directionIds.includes(directionId);

/** The pass a charging mark uses: active, covering the direction, the one ending soonest first (then the oldest). */
const passToCharge = (
    passes: readonly Pass[],
    date: string,
    directionId: number,
    extraUses: ReadonlyMap<Pass, number> = new Map(),
): Pass | null =>
    passes
        .filter(pass => isActiveOn(pass, date, extraUses.get(pass) ?? 0) && covers(pass, directionId))
        .sort((a, b) => (a.endsOn === b.endsOn ? a.id - b.id : a.endsOn < b.endsOn ? -1 : 1))[0] ?? null;

// ---------------------------------------------------------------------------------------------------
// Selling

const seen = (file: CustomerFile, instant: string): void => {
    file.firstSeen = file.firstSeen ? earlier(file.firstSeen, instant) : instant;
};

/** Who took the money at the desk: mostly the manager. */
const cashier = (world: World): number => (world.random.chance(0.8) ? world.managerId : world.adminId);

/**
 * A few passes get frozen for a holiday or an illness. The freeze is decided at sale, so that the
 * charging rule sees it from the start and the member stays away during it. The members chosen to
 * pause freeze the pass they buy a few weeks before `today` over `today`.
 */
const maybeFreeze = (world: World, file: CustomerFile, pass: Pass, plan: Subscription): void => {
    const { random, calendar } = world;
    if (plan.freezeDays < 3) return;
    const sinceSale = daysBetween(pass.startsOn, calendar.today);
    if (world.pausing.has(file.customer.id) && plan.freezeDays >= 7 && sinceSale >= 6 && sinceSale <= 25) {
        world.pausing.delete(file.customer.id);
        const from = addDays(calendar.today, -random.int(1, 5));
        freeze(pass, from, random.int(daysBetween(from, calendar.today) + 2, plan.freezeDays));
    } else if (random.chance(0.02)) {
        freeze(
            pass,
            addDays(pass.startsOn, random.int(4, Math.min(20, plan.validityDays - 2))),
            random.int(3, plan.freezeDays),
        );
    }
};

/** Freezing moves the end later by the frozen days (as src/domain/money.ts freezes). */
const freeze = (pass: Pass, from: string, days: number): void => {
    pass.frozenFrom = from;
    pass.frozenTo = addDays(from, days - 1);
    pass.endsOn = addDays(pass.endsOn, days);
};

/** Sells a plan: the pass and its payment, pointing at each other, as the server's sell endpoint does. */
const sell = (
    world: World,
    file: CustomerFile,
    plan: Subscription,
    startsOn: string,
    at: string,
    options: { freeze: boolean; note?: string | null },
): { pass: Pass; payment: Payment } => {
    const { db, random } = world;
    const pass: Pass = {
        id: db.passes.length + 1,
        customerId: file.customer.id,
        subscriptionId: plan.id,
        name: plan.name,
        price: plan.price,
        visitsTotal: plan.visits,
        directionIds: [...plan.directionIds],
        startsOn,
        endsOn: addDays(startsOn, plan.validityDays - 1),
        visitsUsed: 0,
        frozenFrom: null,
        frozenTo: null,
        cancelled: false,
        paymentId: null,
        createdAt: at,
    };
    if (options.freeze) maybeFreeze(world, file, pass, plan);
    const payment: Payment = {
        id: db.payments.length + 1,
        customerId: file.customer.id,
        kind: 'payment',
        amount: plan.price,
        method: random.weighted([
            ['card', 50],
            ['cash', 35],
            ['transfer', 15],
        ] as const),
        passId: pass.id,
        paymentLinkId: null,
        paidAt: at,
        note: options.note ?? null,
        createdBy: cashier(world),
        createdAt: at,
    };
    pass.paymentId = payment.id;
    db.passes.push(pass);
    db.payments.push(payment);
    file.passes.push(pass);
    seen(file, at);
    return { pass, payment };
};

/** A plan by its key, whatever the language it is named in. */
const planNamed = (world: World, key: string): Subscription => world.db.subscriptions[idOfKey(PLANS, key) - 1];

const seedOfPlan = (subscriptionId: number): PlanSeed => PLANS[subscriptionId - 1];

/** A pass of the trial plan. */
const isTrialPass = (pass: Pass): boolean => seedOfPlan(pass.subscriptionId).trial;

/**
 * The plan a member buys when their pass runs out: covering all their groups' directions (and today's),
 * with enough visits for today, often the same as last time. Null: they put it off, and the visit
 * becomes a debt.
 */
const choosePlan = (world: World, file: CustomerFile, mark: Mark, visitsToday: number): Subscription | null => {
    const { random } = world;
    if (mark.walkIn) return planNamed(world, 'Single visit');
    if (mark.dropIn) return random.chance(0.9) ? planNamed(world, 'Single visit') : null;
    if (!random.chance(0.985)) return null;
    if (file.passes.length === 0 && mark.membership?.firstVisit === 'trial_plan' && visitsToday === 1)
        return planNamed(world, 'Trial class');
    return memberPlan(world, file, visitsToday);
};

const popularity = (plan: Subscription): number => seedOfPlan(plan.id)?.popularity ?? 0;

/** A regular pass covering every direction of the member's groups, often the same plan as last time. */
const memberPlan = (world: World, file: CustomerFile, visitsToday: number): Subscription => {
    const { random, db } = world;
    const fitting = db.subscriptions.filter(
        plan =>
            plan.active &&
            popularity(plan) > 0 &&
            (plan.visits === null || plan.visits >= visitsToday) &&
            file.memberships.every(membership => covers(plan, membership.directionId)),
    );
    const last = [...file.passes].reverse().find(pass => fitting.some(plan => plan.id === pass.subscriptionId));
    if (last && random.chance(0.6)) return fitting.find(plan => plan.id === last.subscriptionId) as Subscription;
    return random.weighted(fitting.map(plan => [plan, popularity(plan)] as const));
};

/**
 * Most regulars come into the eight weeks with a pass bought in the weeks before, so that renewals, and
 * income, are spread over the weeks instead of all falling in the first one. Its visits are unused:
 * there are no earlier events for them to have been spent on.
 */
const sellPassesBeforeTheWindow = (world: World): void => {
    const { random, calendar } = world;
    for (const file of world.files.values()) {
        const regular = file.memberships.some(membership => membership.joinsOn === calendar.firstDay);
        if (!regular || !random.chance(0.7)) continue;
        const plan = memberPlan(world, file, 1);
        // Late enough that the pass is still valid when the eight weeks begin.
        const date = addDays(calendar.firstDay, -random.int(1, Math.min(20, plan.validityDays - 1)));
        sell(world, file, plan, date, instantAt(date, randomTime(random, 10, 20)), { freeze: false });
    }
};

// ---------------------------------------------------------------------------------------------------
// One day of classes

const isOnBreak = (file: CustomerFile, date: string): boolean =>
    file.passes.some(
        pass => !pass.cancelled && pass.frozenFrom && pass.frozenTo && pass.frozenFrom <= date && date <= pass.frozenTo,
    );

const busyDuring = (marks: Mark[], customerId: number, event: StudioEvent): boolean =>
    marks.some(mark => mark.customerId === customerId && eventsOverlap(mark.event, event));

/** How a member's class went: mostly there, sometimes late; absent ones are marked missed or excused, or not at all. */
const rollStatus = (random: Random, reliability: number): string | null => {
    if (random.chance(reliability)) return random.chance(0.9) ? 'attended' : 'late';
    return random.weighted([
        ['missed', 35],
        ['excused', 35],
        [null, 30],
    ] as const);
};

const takeLead = (world: World): CustomerFile | null => {
    const customerId = world.leads.shift();
    return customerId === undefined ? null : (world.files.get(customerId) as CustomerFile);
};

const groupRoster = (world: World, event: StudioEvent, date: string, dayMarks: Mark[]): Mark[] => {
    const { random } = world;
    const marks: Mark[] = [];
    for (const membership of world.membersOf.get(event.scheduleId as number) ?? []) {
        const file = world.files.get(membership.customerId) as CustomerFile;
        if (membership.joinsOn > date || (membership.leavesOn && membership.leavesOn <= date)) continue;
        if (isOnBreak(file, date) || busyDuring(dayMarks, file.customer.id, event)) continue;
        let status = rollStatus(random, membership.reliability);
        // A newcomer's first class is often a free trial; an absent newcomer is simply not marked.
        if (!file.visited && membership.firstVisit !== 'pass' && status !== 'attended' && status !== 'late')
            status = null;
        if (!file.visited && membership.firstVisit === 'free_trial' && status) status = 'trial';
        if (!status) continue;
        marks.push({ event, customerId: file.customer.id, status, membership, dropIn: false, walkIn: false });
    }
    if (marks.length < event.capacity && random.chance(0.05)) {
        const lead = takeLead(world);
        if (lead)
            marks.push({
                event,
                customerId: lead.customer.id,
                status: random.chance(0.5) ? 'trial' : 'attended',
                membership: null,
                dropIn: true,
                walkIn: true,
            });
    }
    return marks;
};

/** A workshop draws members of every group, plus a couple of people off the street. */
const workshopRoster = (world: World, event: StudioEvent, date: string, dayMarks: Mark[]): Mark[] => {
    const { random } = world;
    const wanted = random.int(8, Math.min(14, event.capacity - 2));
    const marks: Mark[] = [];
    const candidates = random.shuffle(
        [...world.files.values()].filter(file =>
            file.memberships.some(membership => membership.joinsOn <= date && !membership.leavesOn),
        ),
    );
    for (const file of candidates) {
        if (marks.length >= wanted) break;
        if (isOnBreak(file, date) || busyDuring(dayMarks, file.customer.id, event)) continue;
        marks.push({
            event,
            customerId: file.customer.id,
            status: random.chance(0.9) ? 'attended' : 'late',
            membership: null,
            dropIn: true,
            walkIn: false,
        });
    }
    for (let count = 0; count < 2; count++) {
        const lead = takeLead(world);
        if (!lead) break;
        marks.push({
            event,
            customerId: lead.customer.id,
            status: 'attended',
            membership: null,
            dropIn: true,
            walkIn: true,
        });
    }
    return marks;
};

const directionOf = (world: World, event: StudioEvent): number =>
    (world.courseOf.get(event.courseId) as Course).directionId;

/**
 * Before the day's marks are charged, whoever will need a pass buys one, starting today. Selling first
 * keeps the rule exact: every pass that exists on a date existed before any mark of that date.
 * Answers the marks that stay (nobody sells a pass to a no-show: an uncovered 'missed' is not marked).
 */
const sellForTheDay = (world: World, date: string, marks: Mark[]): Mark[] => {
    const dropped = new Set<Mark>();
    const byCustomer = new Map<number, Mark[]>();
    for (const mark of marks) byCustomer.set(mark.customerId, [...(byCustomer.get(mark.customerId) ?? []), mark]);
    for (const [customerId, own] of byCustomer) {
        const file = world.files.get(customerId) as CustomerFile;
        const uses = new Map<Pass, number>();
        let lastUsed: Pass | null = null;
        const charging = own.filter(mark => world.chargingCodes.has(mark.status));
        charging.forEach((mark, index) => {
            const existing = passToCharge(file.passes, date, directionOf(world, mark.event), uses);
            if (existing) {
                uses.set(existing, (uses.get(existing) ?? 0) + 1);
                lastUsed = existing;
                return;
            }
            if (mark.status === 'missed') {
                dropped.add(mark);
                return;
            }
            const plan = choosePlan(world, file, mark, charging.length - index);
            if (!plan) return;
            const at = laterBy(instantAt(date, mark.event.startsAt.slice(11)), -world.random.int(5, 40));
            const { pass, payment } = sell(world, file, plan, date, at, {
                freeze: !mark.dropIn,
                note: mark.walkIn ? 'Разовое посещение' : null,
            });
            if (mark.dropIn) world.singleVisitPayments.add(payment);
            uses.set(pass, 1);
        });
        if (lastUsed) renewEarly(world, file, lastUsed, uses, date, own);
    }
    return marks.filter(mark => !dropped.has(mark));
};

/**
 * A member whose pass is down to its last visit after today's class often buys the next one at the
 * desk, starting tomorrow. Until the old pass is used up both are active, and the rule charges the one
 * ending soonest.
 */
const renewEarly = (
    world: World,
    file: CustomerFile,
    used: Pass,
    uses: ReadonlyMap<Pass, number>,
    date: string,
    own: Mark[],
): void => {
    const { random } = world;
    const visitsLeft =
        used.visitsTotal === null ? Infinity : used.visitsTotal - used.visitsUsed - (uses.get(used) ?? 0);
    const member = file.memberships.some(membership => !membership.leavesOn && membership.joinsOn <= date);
    if (!member || visitsLeft !== 1 || isTrialPass(used) || !random.chance(0.3)) return;
    const last = own[own.length - 1].event;
    const at = laterBy(instantAt(date, last.startsAt.slice(11)), last.durationMinutes + random.int(5, 20));
    sell(world, file, memberPlan(world, file, 1), addDays(date, 1), at, { freeze: true });
};

/** Saves one mark and charges it by the rule, as the server does on POST /api/attendances. */
const markAttendance = (world: World, mark: Mark, date: string): void => {
    const file = world.files.get(mark.customerId) as CustomerFile;
    const charges = world.chargingCodes.has(mark.status);
    const pass = charges ? passToCharge(file.passes, date, directionOf(world, mark.event)) : null;
    if (pass) pass.visitsUsed += 1;
    // Teachers mark the roster at the end of the class.
    const createdAt = laterBy(instantAt(date, mark.event.startsAt.slice(11)), mark.event.durationMinutes - 5);
    const attendance: Attendance = {
        id: world.db.attendances.length + 1,
        eventId: mark.event.id,
        customerId: mark.customerId,
        status: mark.status,
        passId: pass?.id ?? null,
        charged: pass !== null,
        unpaid: charges && pass === null,
        markedBy: mark.event.teacherId,
        createdAt,
    };
    world.db.attendances.push(attendance);
    if (mark.status === 'trial') file.hadTrialMark = true;
    seen(file, createdAt);
};

const simulateDay = (world: World, date: string, events: StudioEvent[]): void => {
    const marks: Mark[] = [];
    for (const event of events) {
        if (event.status !== 'done') continue;
        const roster = event.scheduleId
            ? groupRoster(world, event, date, marks)
            : workshopRoster(world, event, date, marks);
        marks.push(...roster);
        // The roster decides who comes; a free trial is only the first visit even within one day.
        for (const mark of roster)
            if (mark.status !== 'missed' && mark.status !== 'excused')
                (world.files.get(mark.customerId) as CustomerFile).visited = true;
    }
    for (const mark of sellForTheDay(world, date, marks)) markAttendance(world, mark, date);
};

// ---------------------------------------------------------------------------------------------------
// Refunds and payment links

/** A lead who bought a pass and asked for the money back before using it: a cancelled pass and a refund. */
const addRefunds = (world: World): void => {
    const { random, calendar } = world;
    for (let count = 0; count < world.sizes.few(2); count++) {
        const file = takeLead(world);
        if (!file) return;
        const date = addDays(calendar.firstDay, random.int(0, daysBetween(calendar.firstDay, calendar.today) - 10));
        const plan = planNamed(world, random.pick(['8 visits', '12 visits', 'Unlimited month']));
        const { pass, payment } = sell(world, file, plan, date, instantAt(date, randomTime(random, 11, 19)), {
            freeze: false,
        });
        pass.cancelled = true;
        file.refunded = true;
        const paidAt = laterBy(payment.paidAt, random.int(1, 4) * 24 * 60 + random.int(-120, 120));
        world.db.payments.push({
            id: world.db.payments.length + 1,
            customerId: file.customer.id,
            kind: 'refund',
            amount: payment.amount,
            method: payment.method,
            passId: pass.id,
            paymentLinkId: null,
            paidAt,
            note: random.pick(REFUND_NOTES),
            createdBy: world.adminId,
            createdAt: paidAt,
        });
    }
};

/** 22 url-safe characters: 128 random bits, as the server makes them. */
const linkId = (random: Random): string => random.bytes(16).toString('base64url');

const ttlMinutes = (world: World): number => world.config.paymentLinkTtlHours * 60;

/** Some members paid their renewal by link: the sale becomes an online payment of a paid link. */
const addPaidLinks = (world: World): void => {
    const { random, db } = world;
    // Before renumbering, a pass's id is its position + 1.
    const passOf = (payment: Payment): Pass => db.passes[(payment.passId as number) - 1];
    const renewals = db.payments.filter(
        payment =>
            payment.kind === 'payment' &&
            !world.singleVisitPayments.has(payment) &&
            !passOf(payment).cancelled &&
            !isTrialPass(passOf(payment)),
    );
    for (const payment of random.shuffle(renewals).slice(0, world.sizes.few(4))) {
        const pass = passOf(payment);
        const createdAt = laterBy(payment.paidAt, -random.int(60, 30 * 60));
        const id = linkId(random);
        db.paymentLinks.push({
            id,
            customerId: payment.customerId,
            subscriptionId: pass.subscriptionId,
            amount: pass.price,
            description: random.pick(LINK_DESCRIPTIONS),
            status: 'paid',
            expiresAt: laterBy(createdAt, ttlMinutes(world)),
            paidAt: payment.paidAt,
            paymentId: payment.id,
            passId: pass.id,
            createdAt,
        });
        payment.method = 'online';
        payment.paymentLinkId = id;
        // The manager who sent the link is the one the payment is booked to.
        payment.createdBy = world.managerId;
        seen(world.files.get(payment.customerId) as CustomerFile, createdAt);
    }
};

/** Links nobody paid: pending ones sent this morning, expired and cancelled ones from the past weeks. */
const addOpenLinks = (world: World): void => {
    const { random, calendar, db } = world;
    const members = [...world.files.values()].filter(file => file.memberships.some(membership => !membership.leavesOn));
    const plans = db.subscriptions.filter(plan => !plan.trial && plan.directionIds.length === 0 && plan.visits !== 1);
    const add = (status: PaymentLink['status'], createdAt: string) => {
        const file = random.chance(0.3) ? (takeLead(world) ?? random.pick(members)) : random.pick(members);
        const lastPass = file.passes.at(-1);
        const plan =
            (lastPass &&
                db.subscriptions.find(
                    candidate => candidate.id === lastPass.subscriptionId && !candidate.trial && candidate.visits !== 1,
                )) ||
            random.pick(plans);
        db.paymentLinks.push({
            id: linkId(random),
            customerId: file.customer.id,
            subscriptionId: plan.id,
            amount: plan.price,
            description: random.pick(LINK_DESCRIPTIONS),
            status,
            expiresAt: laterBy(createdAt, ttlMinutes(world)),
            paidAt: null,
            paymentId: null,
            passId: null,
            createdAt,
        });
        seen(file, createdAt);
    };
    const pastInstant = () =>
        instantAt(
            addDays(calendar.today, -random.int(5, daysBetween(calendar.firstDay, calendar.today))),
            randomTime(random, 10, 19),
        );
    // Sent on the anchor morning, so they stay pending until three days after it.
    for (let count = 0; count < world.sizes.few(3); count++)
        add('pending', instantAt(calendar.today, randomTime(random, 9, 12)));
    for (let count = 0; count < world.sizes.few(3); count++) add('expired', pastInstant());
    for (let count = 0; count < world.sizes.few(2); count++) add('cancelled', pastInstant());
};

// ---------------------------------------------------------------------------------------------------
// Finishing touches

/** The customer status staff would have set, from what the customer did. */
const statusOf = (file: CustomerFile, today: string): string => {
    const current = file.memberships.some(membership => !membership.leavesOn);
    const frozenNow = file.passes.some(
        pass =>
            !pass.cancelled && pass.frozenFrom && pass.frozenTo && pass.frozenFrom <= today && today <= pass.frozenTo,
    );
    const paidPass = file.passes.some(pass => !pass.cancelled && !isTrialPass(pass));
    if (frozenNow) return 'paused';
    if (current && paidPass) return 'active';
    if (current || file.hadTrialMark) return 'trial';
    if (file.refunded || file.memberships.length > 0) return 'left';
    return 'lead';
};

/** When the customer was registered: regulars before the eight weeks, newcomers when they joined, always before their first dealing. */
const registeredAt = (world: World, file: CustomerFile): string => {
    const { random, calendar } = world;
    const joined = file.memberships.map(membership => membership.joinsOn).sort()[0];
    const date =
        joined === calendar.firstDay
            ? addDays(calendar.setupDay, random.int(1, daysBetween(calendar.setupDay, calendar.firstDay) - 1))
            : joined
              ? addDays(joined, -random.int(0, 5))
              : addDays(calendar.setupDay, random.int(1, daysBetween(calendar.setupDay, calendar.today) - 1));
    const chosen = instantAt(date, randomTime(random, 10, 20));
    return file.firstSeen ? earlier(chosen, laterBy(file.firstSeen, -30)) : chosen;
};

/** Renumbers records by createdAt, as the server would have numbered them; answers old id to new id. */
const renumber = <T extends { id: number; createdAt: string }>(records: T[]): Map<number, number> => {
    records.sort((a, b) => (a.createdAt === b.createdAt ? a.id - b.id : a.createdAt < b.createdAt ? -1 : 1));
    const ids = new Map<number, number>();
    records.forEach((record, index) => {
        ids.set(record.id, index + 1);
        record.id = index + 1;
    });
    return ids;
};

const remap = (ids: Map<number, number>, id: number | null | undefined): number | null =>
    id == null ? null : (ids.get(id) as number);

const finish = (world: World): void => {
    const { db, calendar } = world;
    for (const file of world.files.values()) {
        file.customer.status = statusOf(file, calendar.today);
        file.customer.createdAt = registeredAt(world, file);
    }
    for (const schedule of db.schedules) {
        schedule.customerIds = (world.membersOf.get(schedule.id) ?? [])
            .filter(membership => !membership.leavesOn)
            .map(membership => membership.customerId);
    }
    const customerIds = renumber(db.customers);
    const passIds = renumber(db.passes);
    const paymentIds = renumber(db.payments);
    for (const schedule of db.schedules)
        schedule.customerIds = schedule.customerIds.map(id => remap(customerIds, id) as number).sort((a, b) => a - b);
    for (const attendance of db.attendances) {
        attendance.customerId = remap(customerIds, attendance.customerId) as number;
        attendance.passId = remap(passIds, attendance.passId);
    }
    for (const pass of db.passes) {
        pass.customerId = remap(customerIds, pass.customerId) as number;
        pass.paymentId = remap(paymentIds, pass.paymentId);
    }
    for (const payment of db.payments) {
        payment.customerId = remap(customerIds, payment.customerId) as number;
        payment.passId = remap(passIds, payment.passId);
    }
    for (const link of db.paymentLinks) {
        link.customerId = remap(customerIds, link.customerId) as number;
        link.passId = remap(passIds, link.passId);
        link.paymentId = remap(paymentIds, link.paymentId);
    }
    db.paymentLinks.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
};

// ---------------------------------------------------------------------------------------------------

const sizesFor = (scale: number): Sizes => {
    if (!(scale > 0) || !Number.isFinite(scale)) throw new Error(`scale must be a positive number, not ${scale}`);
    const schedules = Math.max(1, Math.round(12 * scale));
    return {
        customers: Math.max(20, Math.round(150 * scale)),
        schedules,
        branches: Math.ceil(schedules / 12),
        few: count => Math.max(1, Math.round(count * scale)),
    };
};

const calendarFor = (today: string): Calendar => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || addDays(today, 0) !== today)
        throw new Error(`today must be a date YYYY-MM-DD, not ${today}`);
    return { today, firstDay: addDays(today, -56), lastDay: addDays(today, 13), setupDay: addDays(today, -120) };
};

export const generateDatabase = ({
    seed = 1,
    scale = 1,
    today = '2026-11-23',
    locale = 'ru',
}: DemoOptions = {}): Database => {
    const random = createRandom(seed);
    const calendar = calendarFor(today);
    const sizes = sizesFor(scale);
    const config = makeConfig(calendar, locale);
    const statuses = makeStatuses(calendar);
    const users = makeUsers(random, sizes, calendar);
    // The catalogue is named in the studio's default language.
    const { defaultLocale } = config;
    const directions = makeDirections(calendar, defaultLocale);
    const studios = makeStudios(sizes, calendar, defaultLocale);
    const courses = makeCourses(directions, calendar, defaultLocale);
    const subscriptions = makeSubscriptions(directions, calendar, defaultLocale);
    const customers = makeCustomers(random, sizes.customers, calendar);
    const { schedules, groupSizes } = makeSchedules(
        { random, calendar, sizes, locale: defaultLocale },
        users,
        studios,
        courses,
        directions,
    );
    const scheduled = schedules.flatMap(schedule => expandSchedule(random, calendar, schedule));
    const events = numberEvents([
        ...scheduled,
        ...placeWorkshops(calendar, scheduled, courses, directions, users, studios, defaultLocale),
    ]);

    const db: Database = {
        users,
        directions,
        studios,
        courses,
        subscriptions,
        passes: [],
        customers,
        schedules,
        events,
        attendances: [],
        payments: [],
        paymentLinks: [],
        statuses,
        configs: [config],
        auditEntries: [],
        payPeriods: [],
    };
    const world: World = {
        random,
        calendar,
        sizes,
        config,
        db,
        adminId: (users.find(user => user.role === 'admin') as StoredUser).id,
        managerId: (users.find(user => user.role === 'manager') as StoredUser).id,
        courseOf: new Map(courses.map(course => [course.id, course])),
        chargingCodes: new Set(
            statuses.filter(status => status.name === 'attendance' && status.charges).map(status => status.code),
        ),
        files: new Map(
            customers.map(customer => [
                customer.id,
                {
                    customer,
                    memberships: [],
                    passes: [],
                    firstSeen: null,
                    visited: false,
                    hadTrialMark: false,
                    refunded: false,
                },
            ]),
        ),
        membersOf: new Map(),
        leads: [],
        pausing: new Set(),
        singleVisitPayments: new Set(),
    };
    assignMembers(world, groupSizes);
    sellPassesBeforeTheWindow(world);

    const eventsByDate = new Map<string, StudioEvent[]>();
    for (const event of events)
        eventsByDate.set(eventDate(event), [...(eventsByDate.get(eventDate(event)) ?? []), event]);
    for (let date = calendar.firstDay; date < calendar.today; date = addDays(date, 1))
        simulateDay(world, date, eventsByDate.get(date) ?? []);

    addRefunds(world);
    addPaidLinks(world);
    addOpenLinks(world);
    finish(world);
    return db;
};
