import { describe, expect, it } from 'vitest';
import { taxSystems } from '../../src/domain/schemas';
import { fromMinor, minorText, toMinor, type Receipt, type Vat } from '../../src/server/payments/provider';
import {
    cloudpaymentsReceipt,
    receiptContact,
    receiptFor,
    refundReceipt,
    tbankReceipt,
    yookassaReceipt,
    type ReceiptSettings,
} from '../../src/server/payments/receipts';

/*
 * The 54-FZ receipts sent with online payments: one service item for the whole amount, so that the
 * items add up to what is paid whatever the amount, mapped to each provider's fields and codes.
 */

const usnWithoutVat: ReceiptSettings = { taxSystem: 'usn_income', vat: 'none', paymentMode: 'full_payment' };

const planSold = (amount = 1500, contact: Receipt['contact'] = { email: 'anna@example.com' }) =>
    receiptFor({ description: 'Абонемент 8 занятий', amountMinor: toMinor(amount), contact, settings: usnWithoutVat });

describe('amounts in minor units', () => {
    it('are the amounts of the server in kopecks, and back', () => {
        expect(toMinor(1500)).toBe(150000);
        expect(toMinor(1234.56)).toBe(123456);
        expect(toMinor(0.01)).toBe(1);
        expect(toMinor(19.99)).toBe(1999);
        expect(toMinor(0.1 + 0.2)).toBe(30);
        for (const amount of [1500, 1234.56, 0.01, 19.99, 4999.9]) expect(fromMinor(toMinor(amount))).toBe(amount);
        expect(() => toMinor(Number.NaN)).toThrow();
    });

    it('are written with 2 decimals without rounding', () => {
        expect(minorText(150000)).toBe('1500.00');
        expect(minorText(123456)).toBe('1234.56');
        expect(minorText(1)).toBe('0.01');
        expect(minorText(10)).toBe('0.10');
        expect(minorText(-250)).toBe('-2.50');
        expect(() => minorText(1.5)).toThrow();
    });
});

describe('the receipt of a payment', () => {
    it('has one service item, quantity 1, for the whole amount', () => {
        expect(planSold()).toEqual({
            contact: { email: 'anna@example.com' },
            taxSystem: 'usn_income',
            items: [
                {
                    name: 'Абонемент 8 занятий',
                    quantity: 1,
                    amountMinor: 150000,
                    vat: 'none',
                    paymentMode: 'full_payment',
                    subject: 'service',
                },
            ],
        });
    });

    it('names the item in at most 128 characters, never cutting one in half', () => {
        const long = receiptFor({
            description: `  ${'Йога '.repeat(40)}`,
            amountMinor: 100,
            contact: { email: 'a@b.ru' },
            settings: usnWithoutVat,
        });
        expect(Array.from(long.items[0].name)).toHaveLength(128);
        const emoji = receiptFor({
            description: `${'a'.repeat(127)}😀😀`,
            amountMinor: 100,
            contact: { email: 'a@b.ru' },
            settings: usnWithoutVat,
        });
        expect(emoji.items[0].name).toBe(`${'a'.repeat(127)}😀`);
    });

    it('needs a positive whole number of kopecks and a name', () => {
        const receipt = (amountMinor: number, description = 'Абонемент') =>
            receiptFor({ description, amountMinor, contact: { email: 'a@b.ru' }, settings: usnWithoutVat });
        expect(() => receipt(0)).toThrow();
        expect(() => receipt(-100)).toThrow();
        expect(() => receipt(12.5)).toThrow();
        expect(() => receipt(100, '   ')).toThrow();
    });

    it('of a refund has the same item for the amount given back', () => {
        const paid = planSold();
        expect(refundReceipt(paid, 50000)).toEqual({
            ...paid,
            items: [{ ...paid.items[0], amountMinor: 50000 }],
        });
        expect(refundReceipt(paid, 150000)).toEqual(paid);
        expect(() => refundReceipt(paid, 150001)).toThrow();
        expect(() => refundReceipt(paid, 0)).toThrow();
    });
});

describe('where the receipt goes', () => {
    const anna = { email: 'anna@example.com', phone: '+79211234567' };

    it("is the customer's e-mail, even when the payer typed another", () => {
        expect(receiptContact(anna)).toEqual({ email: 'anna@example.com' });
        expect(receiptContact(anna, 'other@example.com')).toEqual({ email: 'anna@example.com' });
    });

    it('is the e-mail the payer typed when the customer has none', () => {
        expect(receiptContact({ ...anna, email: null }, ' Payer@Example.com ')).toEqual({ email: 'payer@example.com' });
        expect(receiptContact({ ...anna, email: '' }, 'payer@example.com')).toEqual({ email: 'payer@example.com' });
    });

    it("is the customer's phone in +7 form when there is no e-mail", () => {
        expect(receiptContact({ ...anna, email: null })).toEqual({ phone: '+79211234567' });
        expect(receiptContact({ ...anna, email: null }, '  ')).toEqual({ phone: '+79211234567' });
        // A phone stored before phones were kept in E.164.
        expect(receiptContact({ email: null, phone: '8 (921) 123-45-67' })).toEqual({ phone: '+79211234567' });
    });

    it('is none without an e-mail or a valid phone', () => {
        expect(receiptContact({ email: null, phone: '12345' })).toBeNull();
        expect(receiptContact({ email: null, phone: null })).toBeNull();
        expect(receiptContact({}, '')).toBeNull();
    });
});

describe("ЮKassa's receipt", () => {
    it('of a plan sold for 1500.00 on УСН доходы without VAT', () => {
        expect(yookassaReceipt(planSold(), 'RUB')).toEqual({
            customer: { email: 'anna@example.com' },
            items: [
                {
                    description: 'Абонемент 8 занятий',
                    quantity: '1.00',
                    amount: { value: '1500.00', currency: 'RUB' },
                    vat_code: 1,
                    payment_mode: 'full_payment',
                    payment_subject: 'service',
                },
            ],
            tax_system_code: 2,
        });
    });

    it('sends a phone as digits only', () => {
        expect(yookassaReceipt(planSold(1500, { phone: '+79211234567' }), 'RUB').customer).toEqual({
            phone: '79211234567',
        });
    });

    it('codes every taxation system and VAT', () => {
        const codes = (settings: ReceiptSettings) =>
            yookassaReceipt(
                receiptFor({ description: 'Абонемент', amountMinor: 100, contact: { email: 'a@b.ru' }, settings }),
                'RUB',
            );
        expect(taxSystems.map(taxSystem => codes({ ...usnWithoutVat, taxSystem }).tax_system_code)).toEqual([
            1, 2, 3, 5, 6,
        ]);
        const vatCodes: Record<Vat, number> = {
            none: 1,
            vat0: 2,
            vat10: 3,
            vat20: 4,
            vat110: 5,
            vat120: 6,
            vat5: 7,
            vat7: 8,
            vat22: 11,
            vat122: 12,
        };
        for (const [vat, code] of Object.entries(vatCodes))
            expect(codes({ ...usnWithoutVat, vat: vat as Vat }).items[0].vat_code, vat).toBe(code);
        expect(codes({ ...usnWithoutVat, paymentMode: 'full_prepayment' }).items[0].payment_mode).toBe(
            'full_prepayment',
        );
    });
});

describe("CloudPayments' receipt", () => {
    it('of a plan sold for 1500.00 on УСН доходы without VAT', () => {
        expect(cloudpaymentsReceipt(planSold())).toEqual({
            cloudPayments: {
                CustomerReceipt: {
                    Items: [
                        {
                            label: 'Абонемент 8 занятий',
                            price: 1500,
                            quantity: 1,
                            amount: 1500,
                            vat: null,
                            method: 4,
                            object: 4,
                        },
                    ],
                    taxationSystem: 1,
                    email: 'anna@example.com',
                    amounts: { electronic: 1500 },
                },
            },
        });
    });

    it('sends a phone with its +', () => {
        const receipt = cloudpaymentsReceipt(planSold(1500, { phone: '+79211234567' })).cloudPayments.CustomerReceipt;
        expect(receipt).toMatchObject({ phone: '+79211234567' });
        expect(receipt).not.toHaveProperty('email');
    });

    it('codes every taxation system, the VAT it takes and both payment modes', () => {
        const codes = (settings: ReceiptSettings) =>
            cloudpaymentsReceipt(
                receiptFor({ description: 'Абонемент', amountMinor: 100, contact: { email: 'a@b.ru' }, settings }),
            ).cloudPayments.CustomerReceipt;
        expect(taxSystems.map(taxSystem => codes({ ...usnWithoutVat, taxSystem }).taxationSystem)).toEqual([
            0, 1, 2, 4, 5,
        ]);
        const vats: Partial<Record<Vat, number | null>> = {
            none: null,
            vat0: 0,
            vat10: 10,
            vat20: 20,
            vat110: 110,
            vat120: 120,
        };
        for (const [vat, code] of Object.entries(vats))
            expect(codes({ ...usnWithoutVat, vat: vat as Vat }).Items[0].vat, vat).toBe(code);
        expect(codes({ ...usnWithoutVat, paymentMode: 'full_prepayment' }).Items[0].method).toBe(1);
    });

    it('refuses a VAT it is not known to take', () => {
        for (const vat of ['vat5', 'vat7', 'vat22', 'vat122'] as const)
            expect(() => cloudpaymentsReceipt(planSoldWith(vat)), vat).toThrow(
                `CloudPayments takes no receipt with VAT ${vat}`,
            );
    });
});

describe("T-Bank's receipt", () => {
    it('of a plan sold for 1500.00 on УСН доходы without VAT', () => {
        expect(tbankReceipt(planSold())).toEqual({
            Email: 'anna@example.com',
            Taxation: 'usn_income',
            Items: [
                {
                    Name: 'Абонемент 8 занятий',
                    Price: 150000,
                    Quantity: 1,
                    Amount: 150000,
                    Tax: 'none',
                    PaymentMethod: 'full_payment',
                    PaymentObject: 'service',
                },
            ],
        });
    });

    it('sends a phone with its +', () => {
        const receipt = tbankReceipt(planSold(1500, { phone: '+79211234567' }));
        expect(receipt).toMatchObject({ Phone: '+79211234567' });
        expect(receipt).not.toHaveProperty('Email');
    });

    it('names taxation systems and VAT as we do', () => {
        for (const taxSystem of taxSystems)
            expect(tbankReceipt(receiptWith({ ...usnWithoutVat, taxSystem })).Taxation).toBe(taxSystem);
        for (const vat of ['none', 'vat0', 'vat5', 'vat7', 'vat10', 'vat20', 'vat110', 'vat120'] as const)
            expect(tbankReceipt(planSoldWith(vat)).Items[0].Tax).toBe(vat);
    });

    it('refuses a 22 % VAT, not known to be taken', () => {
        for (const vat of ['vat22', 'vat122'] as const)
            expect(() => tbankReceipt(planSoldWith(vat)), vat).toThrow(`T-Bank takes no receipt with VAT ${vat}`);
    });
});

describe('the items of every receipt', () => {
    it('add up to what is paid, for any amount', () => {
        for (const amount of [1500, 1234.56, 0.01, 19.99, 0.1 + 0.2, 99999.99]) {
            const receipt = planSold(amount);
            const paid = toMinor(amount);

            const yookassa = yookassaReceipt(receipt, 'RUB').items;
            expect(
                yookassa.reduce((sum, item) => sum + toMinor(Number(item.amount.value)) * Number(item.quantity), 0),
                `ЮKassa ${amount}`,
            ).toBe(paid);
            for (const item of yookassa) expect(item.amount.value).toMatch(/^\d+\.\d{2}$/);

            const cloudpayments = cloudpaymentsReceipt(receipt).cloudPayments.CustomerReceipt;
            for (const item of cloudpayments.Items)
                expect(toMinor(item.price * item.quantity)).toBe(toMinor(item.amount));
            expect(
                cloudpayments.Items.reduce((sum, item) => sum + toMinor(item.amount), 0),
                `CloudPayments ${amount}`,
            ).toBe(paid);
            expect(toMinor(cloudpayments.amounts.electronic)).toBe(paid);

            const tbank = tbankReceipt(receipt).Items;
            for (const item of tbank) expect(item.Price * item.Quantity).toBe(item.Amount);
            expect(
                tbank.reduce((sum, item) => sum + item.Amount, 0),
                `T-Bank ${amount}`,
            ).toBe(paid);
        }
    });

    it('of a refund add up to what is given back', () => {
        const refund = refundReceipt(planSold(1234.56), 1);
        expect(yookassaReceipt(refund, 'RUB').items[0].amount.value).toBe('0.01');
        expect(cloudpaymentsReceipt(refund).cloudPayments.CustomerReceipt.amounts.electronic).toBe(0.01);
        expect(tbankReceipt(refund).Items[0].Amount).toBe(1);
    });
});

const receiptWith = (settings: ReceiptSettings) =>
    receiptFor({ description: 'Абонемент', amountMinor: 150000, contact: { email: 'a@b.ru' }, settings });

const planSoldWith = (vat: Vat) => receiptWith({ ...usnWithoutVat, vat });
