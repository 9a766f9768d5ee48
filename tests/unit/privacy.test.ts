import { describe, expect, it } from 'vitest';
import { confirmsErasure, erasedName, erasedValues, isErased } from '../../src/domain/privacy';

describe('an erasure', () => {
    it('is confirmed by the card’s last name, whatever its case and the spaces around it', () => {
        expect(confirmsErasure(' ПЕТРОВА ', 'Петрова')).toBe(true);
        expect(confirmsErasure('petrova', 'Petrova')).toBe(true);
        expect(confirmsErasure('Petrov', 'Petrova')).toBe(false);
        expect(confirmsErasure('', 'Petrova')).toBe(false);
        expect(confirmsErasure(undefined, 'Petrova')).toBe(false);
        expect(confirmsErasure(['Petrova'], 'Petrova')).toBe(false);
    });

    it('names the card anonymously in the studio’s language', () => {
        expect(erasedName(12, 'en')).toEqual({ firstName: 'Erased customer', lastName: '#12' });
        expect(erasedName(12, 'ru')).toEqual({ firstName: 'Удалён клиент', lastName: '#12' });
        expect(isErased({ status: 'erased' })).toBe(true);
        expect(isErased({ status: 'active' })).toBe(false);
        expect(isErased(undefined)).toBe(false);
    });

    it('reads the person’s values in the trail as erased, and leaves the rest, nulls and hidden markers', () => {
        expect(
            erasedValues('customers', {
                firstName: 'Anna',
                phone: '+79990001122',
                email: null,
                telegramChat: '[hidden]',
                status: 'active',
                notes: 'knee',
            }),
        ).toEqual({
            firstName: '[erased]',
            phone: '[erased]',
            email: null,
            telegramChat: '[hidden]',
            status: 'active',
            notes: '[erased]',
        });
        expect(erasedValues('messages', { subject: 'Hi Anna', text: 'Anna, see you', kind: 'booked' })).toEqual({
            subject: '[erased]',
            text: '[erased]',
            kind: 'booked',
        });
        expect(erasedValues('onlinePayments', { receiptContact: 'anna@example.test', amount: 10 })).toEqual({
            receiptContact: '[erased]',
            amount: 10,
        });
        // Money and visits keep their values: nothing in them says who the person was.
        const payment = { amount: 5200, method: 'cash', customerId: 3 };
        expect(erasedValues('payments', payment)).toBe(payment);
        expect(erasedValues('customers', null)).toBeNull();
    });
});
