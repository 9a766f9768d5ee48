import { describe, expect, it } from 'vitest';
import { choosePayments, isLocalAddress, PaymentSetupError } from '../../src/server/payments';

/*
 * The test payment provider takes no money: it is chosen by itself only while the server has no public
 * address, and on purpose (PAYMENT_PROVIDER=test) anywhere.
 */

describe('the payment provider a server takes', () => {
    it('is the test provider while PUBLIC_URL is unset or local', () => {
        for (const url of [
            undefined,
            'http://localhost:3000',
            'http://127.0.0.1:3000',
            'http://[::1]:3000',
            'http://192.168.1.20',
        ])
            expect(choosePayments({ PUBLIC_URL: url }).mode, String(url)).toBe('test');
    });

    it('is none on a public address until one is chosen', () => {
        const setup = choosePayments({ PUBLIC_URL: 'https://studio.example.com' });
        expect(setup).toEqual({ provider: null, mode: 'off', publicAddress: true, noticeUrl: null });
    });

    it('is the test provider on a public address when chosen on purpose', () => {
        const setup = choosePayments({ PUBLIC_URL: 'https://studio.example.com', PAYMENT_PROVIDER: 'test' });
        expect(setup.mode).toBe('test');
        expect(setup.provider?.name).toBe('test');
        expect(setup.noticeUrl).toBeNull();
    });

    it('is a real provider with its variables and the public address, and names the address of its notices', () => {
        const env = { PUBLIC_URL: 'https://studio.example.com/', PAYMENT_PROVIDER: 'tbank' };
        expect(() => choosePayments(env)).toThrow('PAYMENT_PROVIDER=tbank needs TBANK_TERMINAL_KEY');
        const setup = choosePayments({ ...env, TBANK_TERMINAL_KEY: 'TinkoffBankTest', TBANK_PASSWORD: 'secret' });
        expect(setup).toMatchObject({
            mode: 'live',
            publicAddress: true,
            noticeUrl: 'https://studio.example.com/api/public/providers/tbank',
        });
        expect(setup.provider?.name).toBe('tbank');
        expect(() =>
            choosePayments({ PAYMENT_PROVIDER: 'yookassa', YOOKASSA_SHOP_ID: '1', YOOKASSA_SECRET_KEY: 'k' }),
        ).toThrow('needs PUBLIC_URL');
        expect(() =>
            choosePayments({
                PUBLIC_URL: 'https://studio.example.com',
                PAYMENT_PROVIDER: 'yookassa',
                YOOKASSA_SHOP_ID: '1',
                YOOKASSA_SECRET_KEY: 'k',
                YOOKASSA_NOTICE_IPS: 'not a network',
            }),
        ).toThrow(PaymentSetupError);
    });

    it('refuses a provider it does not know', () => {
        expect(() => choosePayments({ PAYMENT_PROVIDER: 'paypal' })).toThrow(PaymentSetupError);
    });

    it('tells local addresses from public ones', () => {
        expect(isLocalAddress('http://studio.localhost')).toBe(true);
        expect(isLocalAddress('http://172.20.0.5:8080')).toBe(true);
        expect(isLocalAddress('https://172.32.0.5')).toBe(false);
        expect(isLocalAddress('not a url')).toBe(false);
    });
});
