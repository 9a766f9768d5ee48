import { describe, expect, it } from 'vitest';
import { passForSale, sellPassSchema } from '../../src/domain/money';
import { canFreeze, canUnfreeze, freezePass, freezeSchema, unfreezePass } from '../../src/domain/freezes';
import { frozenPassOn, passStateOn, whyNoneCharged, whyNotCharged } from '../../src/domain/passes';
import { validate } from '../../src/domain/validation';
import { buildPass, buildPlan, refusal } from '../support/unit-money';

/*
 * The rules of a pass: selling a plan, freezing and unfreezing, what the screen offers, and why a pass
 * cannot pay for a visit.
 */

describe('selling a plan', () => {
    it('copies the plan and ends validityDays later, both ends included', () => {
        const pass = passForSale(buildPlan(), 5, '2026-11-01');
        expect(pass).toMatchObject({
            customerId: 5,
            subscriptionId: 3,
            name: '8 занятий',
            price: 5200,
            visitsTotal: 8,
            directionIds: [1],
            visitsUsed: 0,
            cancelled: false,
        });
        expect(pass.endsOn).toBe('2026-12-05');
        expect(passStateOn(pass, '2026-12-05')).toBe('active');
        expect(passStateOn(pass, '2026-12-06')).toBe('expired');
    });

    it('a one-day plan ends the day it starts, across a month and a leap day', () => {
        expect(passForSale(buildPlan({ validityDays: 1 }), 5, '2026-11-30').endsOn).toBe('2026-11-30');
        expect(passForSale(buildPlan({ validityDays: 30 }), 5, '2028-02-01').endsOn).toBe('2028-03-01');
        expect(passForSale(buildPlan({ visits: null }), 5, '2026-11-01').visitsTotal).toBeNull();
    });

    it('takes a discounted price and validates the request', () => {
        expect(passForSale(buildPlan(), 5, '2026-11-01', { price: 4000, reason: 'Loyal customer' })).toMatchObject({
            price: 4000,
            discountReason: 'Loyal customer',
        });
        expect(passForSale(buildPlan(), 5, '2026-11-01')).toMatchObject({ price: 5200, discountReason: null });
        expect(
            validate(sellPassSchema, { customerId: 1, subscriptionId: 2, startsOn: '2026-11-31', method: 'cash' }),
        ).toEqual({ ok: false, errors: { startsOn: 'app.validation.date' } });
        expect(
            validate(sellPassSchema, { customerId: 1, subscriptionId: 2, startsOn: '2026-11-30', method: 'online' }),
        ).toEqual({ ok: false, errors: { method: 'app.validation.choice' } });
        expect(
            validate(sellPassSchema, {
                customerId: 1,
                subscriptionId: 2,
                startsOn: '2026-11-30',
                method: 'card',
                amount: '',
            }),
        ).toMatchObject({ ok: true, value: { amount: null } });
    });
});

describe('freezing a pass', () => {
    it('sets the freeze and moves the end by the frozen days', () => {
        expect(freezePass(buildPass(), 7, '2026-11-10', '2026-11-16')).toEqual({
            frozenFrom: '2026-11-10',
            frozenTo: '2026-11-16',
            endsOn: '2026-12-12',
        });
        const frozen = { ...buildPass(), ...freezePass(buildPass(), 7, '2026-11-10', '2026-11-10') };
        expect(frozen.endsOn).toBe('2026-12-06');
        expect(['2026-11-09', '2026-11-10', '2026-11-11'].map(date => passStateOn(frozen, date))).toEqual([
            'active',
            'frozen',
            'active',
        ]);
    });

    it('allows exactly freezeDays and no more', () => {
        expect(refusal(() => freezePass(buildPass(), 7, '2026-11-10', '2026-11-16'))).toBe('allowed');
        expect(refusal(() => freezePass(buildPass(), 7, '2026-11-10', '2026-11-17'))).toBe(
            'to: app.money.errors.freeze_too_long',
        );
        expect(refusal(() => freezePass(buildPass(), 0, '2026-11-10', '2026-11-10'))).toBe(
            'from: app.money.errors.not_freezable',
        );
    });

    it('starts inside the pass dates, both ends included', () => {
        expect(refusal(() => freezePass(buildPass(), 7, '2026-11-01', '2026-11-02'))).toBe('allowed');
        expect(refusal(() => freezePass(buildPass(), 7, '2026-12-05', '2026-12-06'))).toBe('allowed');
        expect(refusal(() => freezePass(buildPass(), 7, '2026-10-31', '2026-11-02'))).toBe(
            'from: app.money.errors.freeze_outside',
        );
        expect(refusal(() => freezePass(buildPass(), 7, '2026-12-06', '2026-12-07'))).toBe(
            'from: app.money.errors.freeze_outside',
        );
    });

    it('refuses a cancelled, used up or already frozen pass', () => {
        expect(refusal(() => freezePass(buildPass({ cancelled: true }), 7, '2026-11-10', '2026-11-11'))).toBe(
            'from: app.money.errors.pass_cancelled',
        );
        expect(refusal(() => freezePass(buildPass({ visitsUsed: 8 }), 7, '2026-11-10', '2026-11-11'))).toBe(
            'from: app.money.errors.used_up',
        );
        expect(
            refusal(() =>
                freezePass(
                    buildPass({ frozenFrom: '2026-11-03', frozenTo: '2026-11-04' }),
                    7,
                    '2026-11-10',
                    '2026-11-11',
                ),
            ),
        ).toBe('from: app.money.errors.already_frozen');
    });

    it('validates the range', () => {
        expect(validate(freezeSchema, { from: '2026-11-10', to: '2026-11-09' })).toEqual({
            ok: false,
            errors: { to: 'app.validation.ends_before_start' },
        });
    });
});

describe('what the screen offers', () => {
    const passes = [
        buildPass(),
        buildPass({ cancelled: true }),
        buildPass({ visitsUsed: 8 }),
        buildPass({ frozenFrom: '2026-11-03', frozenTo: '2026-11-04' }),
        buildPass({ frozenFrom: '2026-11-20', frozenTo: '2026-11-25' }),
        buildPass({ frozenFrom: '2026-11-20', frozenTo: '2026-11-25', cancelled: true }),
    ];
    const days = ['2026-10-30', '2026-11-01', '2026-11-21', '2026-12-05', '2026-12-06'];

    it('offers Freeze exactly when a freeze from that day would be taken, never for a plan without freeze days', () => {
        for (const pass of passes) {
            for (const today of days) {
                for (const freezeDays of [0, 7]) {
                    const taken =
                        refusal(() =>
                            freezePass(
                                pass,
                                freezeDays,
                                today < pass.startsOn ? pass.startsOn : today,
                                today < pass.startsOn ? pass.startsOn : today,
                            ),
                        ) === 'allowed';
                    expect(canFreeze(pass, freezeDays, today), `${JSON.stringify(pass)} ${today} ${freezeDays}`).toBe(
                        taken,
                    );
                }
            }
        }
    });

    it('offers Unfreeze exactly when unfreezing that day would be taken, never on a cancelled pass', () => {
        for (const pass of passes) {
            for (const today of days) {
                const taken = !pass.cancelled && refusal(() => unfreezePass(pass, today)) === 'allowed';
                expect(canUnfreeze(pass, today), `${JSON.stringify(pass)} ${today}`).toBe(taken);
            }
        }
    });
});

describe('unfreezing a pass', () => {
    const frozen = buildPass({ frozenFrom: '2026-11-10', frozenTo: '2026-11-16', endsOn: '2026-12-12' });

    it('early gives the unused days back', () => {
        expect(unfreezePass(frozen, '2026-11-13')).toEqual({
            frozenFrom: '2026-11-10',
            frozenTo: '2026-11-12',
            endsOn: '2026-12-08',
        });
    });

    it('on the last frozen day gives one day back', () => {
        expect(unfreezePass(frozen, '2026-11-16')).toEqual({
            frozenFrom: '2026-11-10',
            frozenTo: '2026-11-15',
            endsOn: '2026-12-11',
        });
    });

    it('on or before the first frozen day removes the freeze and every day of it', () => {
        const removed = { frozenFrom: null, frozenTo: null, endsOn: '2026-12-05' };
        expect(unfreezePass(frozen, '2026-11-10')).toEqual(removed);
        expect(unfreezePass(frozen, '2026-11-02')).toEqual(removed);
    });

    it('refuses a pass without a freeze or after the freeze is over', () => {
        expect(refusal(() => unfreezePass(buildPass(), '2026-11-10'))).toBe('on: app.money.errors.not_frozen');
        expect(refusal(() => unfreezePass(frozen, '2026-11-17'))).toBe('on: app.money.errors.freeze_over');
    });
});

describe('settling a debt', () => {
    const pass = buildPass({ startsOn: '2026-11-01', endsOn: '2026-12-05', directionIds: [1] });

    it('names why a pass cannot pay for a visit', () => {
        expect(whyNotCharged(pass, '2026-11-10', 1)).toBeNull();
        expect(whyNotCharged(pass, '2026-11-10', 2)).toBe('no_covering_pass');
        expect(whyNotCharged(pass, '2026-10-31', 1)).toBe('no_covering_pass');
        expect(whyNotCharged({ ...pass, cancelled: true }, '2026-11-10', 1)).toBe('no_covering_pass');
        expect(whyNotCharged({ ...pass, frozenFrom: '2026-11-09', frozenTo: '2026-11-12' }, '2026-11-10', 1)).toBe(
            'pass_frozen',
        );
        expect(whyNotCharged({ ...pass, visitsUsed: 8 }, '2026-11-10', 1)).toBe('no_visits_left');
    });

    it('tells the reason nearest to paying when no pass can, and finds the frozen one', () => {
        const frozen = { ...pass, id: 2, frozenFrom: '2026-11-09', frozenTo: '2026-11-12' };
        const usedUp = { ...pass, id: 3, visitsUsed: 8 };
        expect(whyNoneCharged([usedUp, frozen], '2026-11-10', 1)).toBe('pass_frozen');
        expect(whyNoneCharged([usedUp], '2026-11-10', 1)).toBe('no_visits_left');
        expect(whyNoneCharged([], '2026-11-10', 1)).toBe('no_covering_pass');
        expect(frozenPassOn([usedUp, frozen], '2026-11-10', 1)?.id).toBe(2);
        expect(frozenPassOn([usedUp, frozen], '2026-11-13', 1)).toBeUndefined();
    });
});
