import { describe, expect, it } from 'vitest';
import { collectionNames, readableFields } from '../../src/domain/collections';
import { canAccess, readableFieldsFor } from '../../src/domain/permissions';

describe('the role matrix', () => {
    it('admins may do everything', () => {
        for (const resource of ['users', 'configs', 'statuses', 'customers', 'payments']) {
            for (const action of ['list', 'create', 'edit', 'delete'])
                expect(canAccess('admin', { resource, action })).toBe(true);
        }
    });

    it('managers run the studio but only read the catalogue and cannot open users, statuses or configs', () => {
        for (const resource of ['customers', 'passes', 'paymentLinks', 'schedules', 'events', 'attendances']) {
            expect(canAccess('manager', { resource, action: 'create' })).toBe(true);
            expect(canAccess('manager', { resource, action: 'edit' })).toBe(true);
        }
        for (const resource of ['directions', 'studios', 'courses', 'subscriptions']) {
            expect(canAccess('manager', { resource, action: 'list' })).toBe(true);
            expect(canAccess('manager', { resource, action: 'edit' })).toBe(false);
        }
        for (const resource of ['users', 'statuses', 'configs']) {
            expect(canAccess('manager', { resource, action: 'list' })).toBe(false);
            expect(canAccess('manager', { resource, action: 'read' })).toBe(true);
        }
        expect(canAccess('manager', { resource: 'customers', action: 'delete' })).toBe(false);
        expect(canAccess('manager', { resource: 'attendances', action: 'delete' })).toBe(true);
    });

    it('managers record payments and refunds (selling, refunding) but never edit or delete them', () => {
        for (const action of ['list', 'show', 'create', 'export', 'read'])
            expect(canAccess('manager', { resource: 'payments', action })).toBe(true);
        for (const action of ['edit', 'delete'])
            expect(canAccess('manager', { resource: 'payments', action })).toBe(false);
        // Selling, freezing and refunds with a cancel change passes, and cancelling a link changes it.
        expect(canAccess('manager', { resource: 'passes', action: 'edit' })).toBe(true);
        expect(canAccess('manager', { resource: 'paymentLinks', action: 'edit' })).toBe(true);
    });

    it('teachers see their events and mark attendance, and nothing of money or settings', () => {
        expect(canAccess('teacher', { resource: 'events', action: 'list' })).toBe(true);
        expect(canAccess('teacher', { resource: 'events', action: 'edit' })).toBe(false);
        expect(canAccess('teacher', { resource: 'attendances', action: 'create' })).toBe(true);
        for (const resource of ['payments', 'passes', 'paymentLinks', 'subscriptions']) {
            expect(canAccess('teacher', { resource, action: 'read' })).toBe(false);
        }
        for (const resource of ['customers', 'users', 'courses', 'studios', 'directions', 'statuses', 'configs']) {
            expect(canAccess('teacher', { resource, action: 'list' })).toBe(false);
        }
    });

    it('nobody signed out may do anything', () => {
        expect(canAccess(undefined, { resource: 'customers', action: 'list' })).toBe(false);
    });
});

describe('the fields each role reads', () => {
    it('teachers read only the names and status of customers', () => {
        expect(readableFieldsFor('teacher', 'customers')).toEqual(['id', 'firstName', 'lastName', 'status']);
    });

    it('otherwise every readable field of what the role may read, and nothing of the rest', () => {
        for (const collection of collectionNames) {
            expect(readableFieldsFor('admin', collection)).toEqual(readableFields(collection));
            if (canAccess('manager', { resource: collection, action: 'read' }) && collection !== 'users')
                expect(readableFieldsFor('manager', collection)).toEqual(readableFields(collection));
        }
        expect(readableFieldsFor('teacher', 'events')).toEqual(readableFields('events'));
        expect(readableFieldsFor('teacher', 'attendances')).toEqual(readableFields('attendances'));
        expect(readableFieldsFor('teacher', 'passes')).toEqual([]);
        expect(readableFieldsFor('teacher', 'payments')).toEqual([]);
        expect(readableFieldsFor(undefined, 'customers')).toEqual([]);
    });

    it("a user's sign-in hold only for admins, who release it", () => {
        expect(readableFieldsFor('admin', 'users')).toContain('signInHold');
        for (const role of ['manager', 'teacher'] as const)
            expect(readableFieldsFor(role, 'users')).toEqual(
                readableFields('users').filter(field => field !== 'signInHold'),
            );
    });

    it('never a password', () => {
        for (const role of ['admin', 'manager', 'teacher'] as const) {
            expect(readableFieldsFor(role, 'users')).not.toContain('password');
            expect(readableFieldsFor(role, 'users')).not.toContain('passwordHash');
        }
    });
});
