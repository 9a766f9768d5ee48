/* The demo studio's staff: the accounts the README names, and the teachers of the extra branches of larger scales. */
import { payRate } from '../../domain/pay';
import type { StoredUser } from '../../domain/types';

export const ADMIN = {
    name: 'Olga Admin',
    email: 'admin@studio.test',
    password: 'studio-admin',
    phone: '+79001000001',
};
export const MANAGER = {
    name: 'Maria Manager',
    email: 'manager@studio.test',
    password: 'studio-manager',
    phone: '+79001000002',
};
export const TEACHER_PASSWORD = 'studio-teacher';

export interface TeacherSeed {
    name: string;
    email: string;
    color: string;
    pay: StoredUser['pay'];
    /** The directions this teacher leads: groups of these directions go to them. */
    directions: string[];
}

export const TEACHERS: TeacherSeed[] = [
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
export const MORE_TEACHER_NAMES = [
    'Alina Kuznetsova',
    'Ilya Morozov',
    'Kira Volkova',
    'Maxim Lebedev',
    'Polina Smirnova',
    'Roman Zaitsev',
    'Sofia Novikova',
    'Timur Pavlov',
];
export const MORE_COLORS = ['#8E24AA', '#1E88E5', '#43A047', '#F4511E', '#6D4C41', '#00ACC1', '#C0CA33', '#5E35B1'];
