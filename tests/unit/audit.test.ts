import { describe, expect, it } from 'vitest';
import {
    auditEntryFor,
    changedFields,
    fieldChanges,
    hiddenValue,
    subjectsOf,
    type Actor,
} from '../../src/domain/audit';
import { validateDatabase } from '../../src/domain/validation';
import { parseDatabaseText } from '../../src/server/storage/jsonFile/files';

const actor: Actor = {
    userId: 2,
    userName: 'Maria',
    byCustomerId: null,
    role: 'manager',
    endpoint: 'POST /api/passes/7/freeze',
};
const pass = {
    id: 7,
    customerId: 3,
    name: '8 занятий',
    frozenFrom: null,
    frozenTo: null,
    endsOn: '2026-12-20',
    visitsUsed: 1,
};

describe('an audit entry', () => {
    it('records a change as the fields that differ, as they were and became, with who and through what', () => {
        const frozen = { ...pass, frozenFrom: '2026-11-23', frozenTo: '2026-11-29', endsOn: '2026-12-27' };
        expect(auditEntryFor({ collection: 'passes', before: pass, after: frozen }, actor)).toEqual({
            ...actor,
            action: 'update',
            collection: 'passes',
            recordId: '7',
            customerId: 3,
            passId: 7,
            eventId: null,
            before: { frozenFrom: null, frozenTo: null, endsOn: '2026-12-20' },
            after: { frozenFrom: '2026-11-23', frozenTo: '2026-11-29', endsOn: '2026-12-27' },
        });
    });

    it('records a new record whole and a deleted one whole, and nothing for a change put back', () => {
        expect(auditEntryFor({ collection: 'passes', before: null, after: pass }, actor)).toMatchObject({
            action: 'create',
            before: null,
            after: pass,
        });
        const mark = { id: 40, eventId: 9, customerId: 3, passId: 7, status: 'attended' };
        expect(auditEntryFor({ collection: 'attendances', before: mark, after: null }, actor)).toMatchObject({
            action: 'delete',
            before: mark,
            after: null,
            customerId: 3,
            passId: 7,
            eventId: 9,
        });
        expect(auditEntryFor({ collection: 'passes', before: pass, after: { ...pass } }, actor)).toBeNull();
        expect(auditEntryFor({ collection: 'passes', before: null, after: null }, actor)).toBeNull();
    });

    it('never holds a password or its hash: a changed one shows as hidden under "password"', () => {
        const user = { id: 5, name: 'Anna', passwordHash: 'scrypt$abc', tokenVersion: 0 };
        const created = auditEntryFor({ collection: 'users', before: null, after: user }, actor);
        expect(created?.after).toEqual({ id: 5, name: 'Anna', password: hiddenValue, tokenVersion: 0 });
        expect(changedFields('users', user, { ...user, passwordHash: 'scrypt$def', tokenVersion: 1 })).toEqual({
            before: { password: hiddenValue, tokenVersion: 0 },
            after: { password: hiddenValue, tokenVersion: 1 },
        });
        expect(JSON.stringify(auditEntryFor({ collection: 'users', before: user, after: null }, actor))).not.toContain(
            'scrypt',
        );
    });

    it('belongs to the histories of the customer, pass and class it concerns', () => {
        expect(subjectsOf('customers', { id: 3 })).toEqual({ customerId: 3, passId: null, eventId: null });
        expect(subjectsOf('events', { id: 9, customerId: undefined })).toEqual({
            customerId: null,
            passId: null,
            eventId: 9,
        });
        expect(subjectsOf('payments', { id: 1, customerId: 3, passId: 7 })).toEqual({
            customerId: 3,
            passId: 7,
            eventId: null,
        });
        expect(subjectsOf('paymentLinks', { id: 'abc', customerId: 3, passId: null })).toEqual({
            customerId: 3,
            passId: null,
            eventId: null,
        });
    });

    it('reads as lines of fields: both values for a change, one for a record created or deleted, without id and createdAt', () => {
        expect(
            fieldChanges({ action: 'update', before: { endsOn: '2026-12-20' }, after: { endsOn: '2026-12-27' } }),
        ).toEqual([{ field: 'endsOn', before: '2026-12-20', after: '2026-12-27' }]);
        expect(
            fieldChanges({ action: 'create', before: null, after: { id: 1, createdAt: 'x', amount: 5200 } }),
        ).toEqual([{ field: 'amount', after: 5200 }]);
        expect(fieldChanges({ action: 'delete', before: { id: 1, status: 'late' }, after: null })).toEqual([
            { field: 'status', before: 'late' },
        ]);
    });
});

describe('a database made before the audit trail', () => {
    it('starts with an empty trail and validates', () => {
        const text = JSON.stringify({
            users: [],
            directions: [],
            studios: [],
            courses: [],
            subscriptions: [],
            passes: [],
            customers: [],
            schedules: [],
            events: [],
            attendances: [],
            payments: [],
            paymentLinks: [],
            statuses: [],
            configs: [
                {
                    id: 'general',
                    createdAt: '2026-01-01T00:00:00.000Z',
                    studioName: 'S',
                    currency: 'RUB',
                    timezone: 'Europe/Moscow',
                },
            ],
        });
        const state = parseDatabaseText('db.json', text);
        expect(state.values.auditEntries).toEqual([]);
        expect(state.keys).toContain('auditEntries');
        expect(validateDatabase(state.values).filter(problem => problem.includes('auditEntries'))).toEqual([]);
    });
});
