import { describe, expect, it } from 'vitest';
import { customerClassName } from '../../src/domain/portal';
import { statusAfterStarting } from '../../src/domain/statuses';

/*
 * The rules behind what a customer met walking through /my: the name a class goes by for customers
 * (never a group's own name), and where buying or booking moves a lead among the studio's statuses.
 */

describe('the name customers know a class by', () => {
    const course = { course: 'Хатха-йога', direction: 'Йога' };

    it('is the course’s for a group’s class, whatever the group is called', () => {
        expect(customerClassName(course, { title: 'Хатха-йога · Ср/Пт 14:00', scheduleId: 4 })).toBe('Хатха-йога');
        expect(customerClassName(course, { title: 'Группа Маши', scheduleId: 4 })).toBe('Хатха-йога');
    });

    it('leaves out a single class’s title that only says when it meets', () => {
        expect(customerClassName(course, { title: 'Ср/Пт 14:00', scheduleId: null })).toBe('Хатха-йога');
        expect(customerClassName(course, { title: 'Mon/Wed 19:00', scheduleId: null })).toBe('Хатха-йога');
    });

    it('keeps a single class’s own name after the course’s', () => {
        expect(customerClassName(course, { title: 'Open flow', scheduleId: null })).toBe('Хатха-йога · Open flow');
        expect(customerClassName(course, { title: 'Хатха-йога: партер', scheduleId: null })).toBe(
            'Хатха-йога · партер',
        );
    });

    it('is the direction’s when the course has no name', () => {
        expect(customerClassName({ direction: 'Йога' }, { title: null, scheduleId: 1 })).toBe('Йога');
    });
});

describe('where buying or booking moves a customer', () => {
    const statuses = [
        { name: 'customer', code: 'lead', isDefault: false },
        { name: 'customer', code: 'trial', isDefault: false },
        { name: 'customer', code: 'regular', isDefault: true },
        { name: 'customer', code: 'left', isDefault: false },
        { name: 'attendance', code: 'attended', isDefault: true },
    ];

    it('makes a lead or a customer on trial the studio’s default customer', () => {
        expect(statusAfterStarting('lead', statuses, false)).toBe('regular');
        expect(statusAfterStarting('trial', statuses, false)).toBe('regular');
    });

    it('makes a lead on a trial pass a customer on trial, when the studio has that status', () => {
        expect(statusAfterStarting('lead', statuses, true)).toBe('trial');
        expect(statusAfterStarting('trial', statuses, true)).toBeUndefined();
        expect(
            statusAfterStarting(
                'lead',
                statuses.filter(status => status.code !== 'trial'),
                true,
            ),
        ).toBeUndefined();
    });

    it('takes `active` when the default is a newcomer’s', () => {
        const leadFirst = [
            { name: 'customer', code: 'lead', isDefault: true },
            { name: 'customer', code: 'active', isDefault: false },
        ];
        expect(statusAfterStarting('lead', leadFirst, false)).toBe('active');
        expect(statusAfterStarting('lead', [{ name: 'customer', code: 'lead', isDefault: true }], false)).toBe(
            undefined,
        );
    });

    it('leaves anyone past a newcomer’s stages where they are', () => {
        expect(statusAfterStarting('left', statuses, false)).toBeUndefined();
        expect(statusAfterStarting('regular', statuses, false)).toBeUndefined();
        expect(statusAfterStarting('erased', statuses, false)).toBeUndefined();
    });
});
