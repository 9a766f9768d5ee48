/*
 * The demo studio's staff: the accounts the README names, and the teachers of the extra branches of
 * larger scales. Their names are in the studio's language, as the customers' and the catalogue's are.
 */
import { payRate } from '../../domain/pay';
import type { StoredUser } from '../../domain/types';
import type { Names } from './catalogue';

export const ADMIN = {
    name: { en: 'Olga Admin', ru: 'Ольга Админ' } as Names,
    email: 'admin@studio.test',
    password: 'studio-admin',
    phone: '+79001000001',
};
export const MANAGER = {
    name: { en: 'Maria Manager', ru: 'Мария Менеджер' } as Names,
    email: 'manager@studio.test',
    password: 'studio-manager',
    phone: '+79001000002',
};
export const TEACHER_PASSWORD = 'studio-teacher';

interface TeacherSeed {
    name: Names;
    email: string;
    color: string;
    pay: StoredUser['pay'];
    /** The directions this teacher leads: groups of these directions go to them. */
    directions: string[];
}

export const TEACHERS: TeacherSeed[] = [
    {
        name: { en: 'Anna Petrova', ru: 'Анна Петрова' },
        email: 'anna@studio.test',
        color: '#E91E63',
        pay: [payRate({ kind: 'per_attendee', amount: 300 })],
        directions: ['Yoga', 'Pilates'],
    },
    {
        name: { en: 'Boris Sokolov', ru: 'Борис Соколов' },
        email: 'boris@studio.test',
        color: '#3F51B5',
        pay: [payRate({ kind: 'per_event', amount: 1500 })],
        directions: ['Hip-hop'],
    },
    {
        name: { en: 'Vera Ivanova', ru: 'Вера Иванова' },
        email: 'vera@studio.test',
        color: '#009688',
        pay: [payRate({ kind: 'per_event', amount: 1800 })],
        directions: ['Contemporary', 'Ballet'],
    },
    {
        name: { en: 'Dmitry Orlov', ru: 'Дмитрий Орлов' },
        email: 'dmitry@studio.test',
        color: '#FF9800',
        pay: [payRate({ kind: 'per_attendee', amount: 250 })],
        directions: ['Stretching'],
    },
];
/** Names for the teachers of the extra branches that larger scales add. */
export const MORE_TEACHER_NAMES: Names[] = [
    { en: 'Alina Kuznetsova', ru: 'Алина Кузнецова' },
    { en: 'Ilya Morozov', ru: 'Илья Морозов' },
    { en: 'Kira Volkova', ru: 'Кира Волкова' },
    { en: 'Maxim Lebedev', ru: 'Максим Лебедев' },
    { en: 'Polina Smirnova', ru: 'Полина Смирнова' },
    { en: 'Roman Zaitsev', ru: 'Роман Зайцев' },
    { en: 'Sofia Novikova', ru: 'София Новикова' },
    { en: 'Timur Pavlov', ru: 'Тимур Павлов' },
];
export const MORE_COLORS = ['#8E24AA', '#1E88E5', '#43A047', '#F4511E', '#6D4C41', '#00ACC1', '#C0CA33', '#5E35B1'];
