/* The demo studio's halls, directions and courses, named in both languages of the interface. */
import type { Locale } from '../../domain/statuses';
import type { Course } from '../../domain/types';

/**
 * The catalogue is named in the studio's default language (the config's defaultLocale), as a studio
 * would name its halls, directions, courses and plans. `key` is how the generator refers to a record,
 * whatever its name.
 */
export type Names = Record<Locale, string>;

export const STUDIOS: { name: Names; capacity: number; color: string; address: string }[] = [
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
export const BRANCH_HALL: Record<Locale, (branch: number, hall: string) => string> = {
    en: (branch, hall) => `Branch ${branch}: ${hall}`,
    ru: (branch, hall) => `Филиал ${branch}: ${hall}`,
};

export const DIRECTIONS: { key: string; name: Names; color: string; description: Names }[] = [
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

export const COURSES: {
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
