/* The demo studio's plans, its customer and attendance statuses, and its one-off workshops. */
import type { Subscription } from '../../domain/types';
import type { Names } from './catalogue';

export interface PlanSeed {
    key: string;
    name: Names;
    price: number;
    visits: number | null;
    validityDays: number;
    directions: string[];
    freezeDays: number;
    trial: boolean;
    /** The plan's own late-cancel window, when not the studio's. */
    lateCancelHours?: number;
    /** What a late cancel and a no-show cost on it (nothing, when not said), and whether it gives make-ups. */
    policy?: Pick<Subscription, 'lateCancelPenalty' | 'noShowPenalty' | 'makeUps'>;
    /** How popular the plan is among members choosing a new pass (0: never chosen that way). */
    popularity: number;
}

export const PLANS: PlanSeed[] = [
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
        lateCancelHours: 24,
        // Unlimited visits cost nothing to burn: late cancels and no-shows cost a fee.
        policy: {
            lateCancelPenalty: { kind: 'fee', amount: 300 },
            noShowPenalty: { kind: 'fee', amount: 500 },
            makeUps: false,
        },
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
        // A course of classes: a late cancel costs the visit, an excused absence gives a make-up.
        policy: {
            lateCancelPenalty: { kind: 'visit', amount: null },
            noShowPenalty: { kind: 'none', amount: null },
            makeUps: true,
        },
    },
];

/** Statuses in both languages of the interface: staff read them in the language they chose. */
export const CUSTOMER_STATUSES = [
    { code: 'lead', labels: { en: 'Lead', ru: 'Интерес' }, color: '#78909C' },
    { code: 'trial', labels: { en: 'Trial', ru: 'Пробное' }, color: '#FFB300' },
    { code: 'active', labels: { en: 'Active', ru: 'Занимается' }, color: '#00A884', isDefault: true },
    { code: 'paused', labels: { en: 'Paused', ru: 'Пауза' }, color: '#5D87FF' },
    { code: 'left', labels: { en: 'Left', ru: 'Ушёл' }, color: '#E57373' },
];
export const ATTENDANCE_STATUSES = [
    { code: 'attended', labels: { en: 'Attended', ru: 'Был' }, color: '#2E7D32', isDefault: true, charges: true },
    { code: 'late', labels: { en: 'Late', ru: 'Опоздал' }, color: '#F9A825', charges: true },
    { code: 'missed', labels: { en: 'Missed', ru: 'Пропуск' }, color: '#C62828', charges: true },
    { code: 'excused', labels: { en: 'Excused', ru: 'Уважительная' }, color: '#1565C0', charges: false },
    { code: 'trial', labels: { en: 'Trial', ru: 'Пробное' }, color: '#6A1B9A', charges: false },
];

export const WORKSHOPS: { title: Names; course: string; when: 'past' | 'next_saturday' | 'next_sunday' }[] = [
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
