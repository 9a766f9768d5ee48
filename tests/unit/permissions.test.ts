import { describe, expect, it } from 'vitest';
import { canAccess } from '../../src/domain/permissions';

describe('the role matrix', () => {
    it('admins may do everything', () => {
        for (const resource of ['users', 'configs', 'statuses', 'customers', 'payments']) {
            for (const action of ['list', 'create', 'edit', 'delete']) expect(canAccess('admin', { resource, action })).toBe(true);
        }
    });

    it('managers run the studio but only read the catalogue and cannot open users, statuses or configs', () => {
        for (const resource of ['customers', 'passes', 'payments', 'paymentLinks', 'schedules', 'events', 'attendances']) {
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
