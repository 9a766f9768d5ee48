import { afterEach } from 'vitest';
import { addDays } from '../../src/domain/time';
import { onJson, onPostgres, renames, today } from './engines-compare';
import { readAttempt, settledView, testCards } from './payOnline';
import type { DemoRole } from './server';

/*
 * The writes tests/api/engines-writes.test.ts makes on both engines, one after the other, each naming the
 * records the earlier ones created by the ids each server answered.
 *
 * A link paid online is paid as its customer pays it: Pay on the link's page, the card on the test
 * provider's page, and the provider's notice a moment later records the payment. Importing this module
 * makes every test of the file wait, after it, until such a notice is in on both servers, so that the
 * next write and the lists compared come after it on both.
 */

type Ids = Record<string, number | string>;
/** The fields of write answers the next steps name. */
export type Written = {
    id: number | string;
    pass: { id: number };
    payment: { id: number };
    attemptId: string;
    confirmationUrl: string;
};

/**
 * The random ids both servers answered for one write, PostgreSQL's read as db.json's where answers are
 * compared: the test asks db.json first, then PostgreSQL, remembering each answer before the comparison.
 */
const firstAnswered = new Map<string, string[]>();
const sameOnBoth = (write: string, values: string[]) => {
    const json = firstAnswered.get(write);
    if (!json) {
        firstAnswered.set(write, values);
        return;
    }
    firstAnswered.delete(write);
    values.forEach((value, index) => renames.set(value, json[index]));
};

/** The payments paid on the test provider's page whose notice is still to come: each server's link and attempt. */
const paying: { linkId: string; attemptId: string }[] = [];
afterEach(async () => {
    for (const { linkId, attemptId } of paying.splice(0))
        for (const signed of [onJson, onPostgres]) {
            // Each link is one server's: the other does not know it.
            if (signed && (await readAttempt(signed.server.url, linkId, attemptId)).status === 200)
                await settledView(signed.server.url, linkId, attemptId);
        }
});

interface Step {
    name: string;
    role: DemoRole | null;
    method: string;
    path: (ids: Ids) => string;
    body?: (ids: Ids) => unknown;
    /** Remembers ids from the answer's body. */
    remember?: (body: Written, ids: Ids) => void;
    status: number;
}
const newCustomer = {
    firstName: 'Ёжик',
    lastName: 'Сравнение',
    phone: '8 (982) 555-01-02',
    status: 'active',
    email: 'compare@example.org',
};
export const steps: Step[] = [
    {
        name: 'create a customer',
        role: 'manager',
        method: 'POST',
        path: () => '/api/customers',
        body: () => newCustomer,
        remember: (b, s) => (s.customer = b.id),
        status: 201,
    },
    {
        name: 'update the customer',
        role: 'manager',
        method: 'PUT',
        path: s => `/api/customers/${s.customer}`,
        body: () => ({ notes: 'Пришла по сравнению', birthDate: '1990-02-03' }),
        status: 200,
    },
    {
        name: 'sell a pass, paying part',
        role: 'manager',
        method: 'POST',
        path: () => '/api/passes/sell',
        body: s => ({
            customerId: s.customer,
            subscriptionId: 7,
            startsOn: today,
            method: 'cash',
            amount: 2000,
        }),
        remember: (b, s) => ((s.pass = b.pass.id), (s.payment = b.payment.id)),
        status: 201,
    },
    {
        name: 'pay the rest in part',
        role: 'manager',
        method: 'POST',
        path: s => `/api/passes/${s.pass}/pay`,
        body: () => ({ amount: 1500, method: 'card' }),
        status: 201,
    },
    {
        name: 'freeze the pass',
        role: 'manager',
        method: 'POST',
        path: s => `/api/passes/${s.pass}/freeze`,
        body: () => ({ from: addDays(today, 2), to: addDays(today, 5) }),
        status: 200,
    },
    {
        name: 'unfreeze the pass',
        role: 'manager',
        method: 'POST',
        path: s => `/api/passes/${s.pass}/unfreeze`,
        body: () => ({ on: addDays(today, 3) }),
        status: 200,
    },
    {
        name: 'create a class today',
        role: 'manager',
        method: 'POST',
        path: () => '/api/events',
        body: () => ({
            courseId: 1,
            teacherId: 3,
            studioId: 3,
            startsAt: `${today}T06:05`,
            durationMinutes: 5,
            capacity: 20,
        }),
        remember: (b, s) => (s.event = b.id),
        status: 201,
    },
    {
        name: 'mark the customer, charging the pass (teacher)',
        role: 'teacher',
        method: 'POST',
        path: () => '/api/attendances',
        body: s => ({ eventId: s.event, customerId: s.customer, status: 'attended' }),
        remember: (b, s) => (s.visit = b.id),
        status: 201,
    },
    {
        name: 'mark someone with no pass: a debt',
        role: 'manager',
        method: 'POST',
        path: () => '/api/attendances',
        body: s => ({ eventId: s.event, customerId: 1, status: 'attended' }),
        remember: (b, s) => (s.debt = b.id),
        status: 201,
    },
    {
        name: 'sell the debtor a pass',
        role: 'manager',
        method: 'POST',
        path: () => '/api/passes/sell',
        body: () => ({ customerId: 1, subscriptionId: 3, startsOn: today, method: 'transfer' }),
        status: 201,
    },
    {
        name: 'settle the debt',
        role: 'manager',
        method: 'POST',
        path: s => `/api/attendances/${s.debt}/settle`,
        body: () => ({}),
        status: 200,
    },
    {
        name: 'give the visit back by deleting the mark',
        role: 'manager',
        method: 'DELETE',
        path: s => `/api/attendances/${s.visit}`,
        status: 200,
    },
    {
        name: 'refund part of the pass',
        role: 'manager',
        method: 'POST',
        path: () => '/api/payments/refund',
        body: s => ({ customerId: s.customer, amount: 500, method: 'cash', passId: s.pass }),
        status: 201,
    },
    {
        name: 'correct the first payment',
        role: 'manager',
        method: 'POST',
        path: s => `/api/payments/${s.payment}/correct`,
        body: () => ({ amount: -100, reason: 'Ошибка в кассе' }),
        status: 201,
    },
    {
        name: 'refuse a refund larger than was paid',
        role: 'manager',
        method: 'POST',
        path: () => '/api/payments/refund',
        body: s => ({ customerId: s.customer, amount: 99_999, method: 'cash', passId: s.pass }),
        status: 400,
    },
    {
        name: 'create a group',
        role: 'manager',
        method: 'POST',
        path: () => '/api/schedules',
        body: s => ({
            title: 'Сравнение движков',
            courseId: 1,
            teacherId: 3,
            studioId: 2,
            slots: [
                { weekday: 2, startTime: '07:00', durationMinutes: 60 },
                { weekday: 4, startTime: '07:00', durationMinutes: 60 },
            ],
            startsOn: '2027-03-01',
            capacity: 10,
            customerIds: [s.customer, 2],
        }),
        remember: (b, s) => (s.group = b.id),
        status: 201,
    },
    {
        name: 'generate its classes',
        role: 'manager',
        method: 'POST',
        path: s => `/api/schedules/${s.group}/generate`,
        body: () => ({ from: '2027-03-01', to: '2027-03-31' }),
        status: 200,
    },
    {
        name: 'generate them again: all skipped',
        role: 'manager',
        method: 'POST',
        path: s => `/api/schedules/${s.group}/generate`,
        body: () => ({ from: '2027-03-01', to: '2027-03-14' }),
        status: 200,
    },
    {
        name: 'create a payment link',
        role: 'manager',
        method: 'POST',
        path: () => '/api/paymentLinks',
        body: s => ({ customerId: s.customer, subscriptionId: 2, description: 'Продление' }),
        remember: (b, s) => (s.link = b.id),
        status: 201,
    },
    {
        name: 'cancel the payment link',
        role: 'manager',
        method: 'POST',
        path: s => `/api/paymentLinks/${s.link}/cancel`,
        body: () => ({}),
        status: 200,
    },
    {
        name: 'create another payment link',
        role: 'manager',
        method: 'POST',
        path: () => '/api/paymentLinks',
        body: () => ({ customerId: 21, subscriptionId: 3, amount: 4000 }),
        remember: (b, s) => (s.paidLink = b.id),
        status: 201,
    },
    {
        name: 'read it publicly',
        role: null,
        method: 'GET',
        path: s => `/api/public/payment-links/${s.paidLink}`,
        status: 200,
    },
    {
        name: "press Pay on it publicly: the test provider's page, nothing recorded yet",
        role: null,
        method: 'POST',
        path: s => `/api/public/payment-links/${s.paidLink}/pay`,
        body: () => ({}),
        remember: (b, s) => {
            s.attempt = b.attemptId;
            s.checkout = b.confirmationUrl.split('/').pop() as string;
            sameOnBoth('pay', [s.attempt, s.checkout]);
        },
        status: 200,
    },
    {
        name: "pay it with a card on the test provider's page",
        role: null,
        method: 'POST',
        path: s => `/api/public/test-checkout/${s.checkout}`,
        body: () => testCards.paid,
        // The provider's notice records the payment a moment later: waited for after this step.
        remember: (_b, s) => void paying.push({ linkId: String(s.paidLink), attemptId: String(s.attempt) }),
        status: 200,
    },
    {
        name: "read it publicly once the provider's notice is in: paid",
        role: null,
        method: 'GET',
        path: s => `/api/public/payment-links/${s.paidLink}?attempt=${s.attempt}`,
        status: 200,
    },
    {
        name: 'refuse to begin paying it again',
        role: null,
        method: 'POST',
        path: s => `/api/public/payment-links/${s.paidLink}/pay`,
        body: () => ({}),
        status: 409,
    },
    {
        name: 'create a customer to delete',
        role: 'admin',
        method: 'POST',
        path: () => '/api/customers',
        body: () => ({ ...newCustomer, firstName: 'Удаляемый', phone: '8 (982) 555-01-03' }),
        remember: (b, s) => (s.doomed = b.id),
        status: 201,
    },
    {
        name: 'delete it',
        role: 'admin',
        method: 'DELETE',
        path: s => `/api/customers/${s.doomed}`,
        status: 200,
    },
    {
        name: 'refuse to delete a customer others refer to',
        role: 'admin',
        method: 'DELETE',
        path: s => `/api/customers/${s.customer}`,
        status: 409,
    },
];
