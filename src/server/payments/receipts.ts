import { e164Phone } from '../../domain/phones';
import {
    fromMinor,
    minorText,
    type PaymentMode,
    type Receipt,
    type ReceiptContact,
    type ReceiptItem,
    type TaxSystem,
    type Vat,
} from './provider';

/*
 * The 54-FZ receipts the providers send for the studio: one per payment and one per refund, each with a
 * single service item of quantity 1 whose sum is the whole amount, so that the items always add up to
 * what is paid (T-Bank and CloudPayments refuse a receipt that does not). The neutral receipt is built
 * here, then mapped to each provider's fields and codes.
 */

/** The studio's receipt settings: its taxation system, the VAT of its services and how they are settled. */
export interface ReceiptSettings {
    taxSystem: TaxSystem;
    vat: Vat;
    paymentMode: PaymentMode;
}

/** The longest item name a receipt takes (tag 1030), and the longest description ЮKassa takes. */
const nameLength = 128;

/** Cut to `length` characters, never in the middle of one (a surrogate pair). */
export const cut = (text: string, length: number) => Array.from(text.trim()).slice(0, length).join('');

const checkMinor = (amountMinor: number) => {
    if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
        throw new Error(`A receipt needs a positive whole number of minor units, not ${amountMinor}`);
};

/** The receipt of a payment: one service item for the whole amount, named by what is paid for. */
export const receiptFor = ({
    description,
    amountMinor,
    contact,
    settings,
}: {
    description: string;
    amountMinor: number;
    contact: ReceiptContact;
    settings: ReceiptSettings;
}): Receipt => {
    checkMinor(amountMinor);
    const name = cut(description, nameLength);
    if (!name) throw new Error('A receipt item needs a name');
    return {
        contact,
        taxSystem: settings.taxSystem,
        items: [
            {
                name,
                quantity: 1,
                amountMinor,
                vat: settings.vat,
                paymentMode: settings.paymentMode,
                subject: 'service',
            },
        ],
    };
};

/**
 * The receipt of a refund ("возврат прихода") of `amountMinor` of a payment with `receipt`: the same
 * item, for the amount given back.
 */
export const refundReceipt = (receipt: Receipt, amountMinor: number): Receipt => {
    checkMinor(amountMinor);
    const total = receipt.items.reduce((sum, item) => sum + item.amountMinor, 0);
    if (amountMinor > total) throw new Error(`A refund of ${amountMinor} is more than the ${total} paid`);
    if (amountMinor === total) return { ...receipt, items: receipt.items.map(item => ({ ...item })) };
    // A part of a single item: which items a part of several stands for is not ours to guess.
    if (receipt.items.length !== 1) throw new Error('A part refund needs a receipt of one item');
    return { ...receipt, items: [{ ...receipt.items[0], quantity: 1, amountMinor }] };
};

/**
 * Where the receipt goes: the customer's e-mail, else the e-mail the payer typed on the payment page,
 * else the customer's phone in E.164 (+7…; a stored phone not yet in E.164 is read as a Russian one,
 * receipts being Russian). Null when there is none: the page then asks for an e-mail.
 */
export const receiptContact = (
    customer: { email?: string | null; phone?: string | null },
    payerEmail?: string | null,
): ReceiptContact | null => {
    const email = customer.email?.trim() || payerEmail?.trim().toLowerCase();
    if (email) return { email };
    const stored = customer.phone?.trim();
    const phone = stored && (/^\+\d{8,15}$/.test(stored) ? stored : e164Phone(stored, 'RU'));
    return phone ? { phone } : null;
};

/** An item's price for one unit, in minor units: the item's sum over its quantity, which must divide it. */
const unitMinor = (item: ReceiptItem) => {
    const price = item.amountMinor / item.quantity;
    if (!Number.isSafeInteger(price)) throw new Error(`${item.amountMinor} is no whole price for ${item.quantity}`);
    return price;
};

/** The entry of `key` in a provider's table, or a clear refusal naming the provider and what it does not take. */
const lookUp = <K extends string, V>(table: Partial<Record<K, V>>, key: K, provider: string, what: string): V => {
    if (!Object.hasOwn(table, key)) throw new Error(`${provider} takes no receipt with ${what} ${key}`);
    return table[key] as V;
};

// ЮKassa: https://yookassa.ru/developers/54fz/parameters-values (code 4, ЕНВД, is abolished).
const yookassaTaxSystems: Record<TaxSystem, number> = {
    osn: 1,
    usn_income: 2,
    usn_income_outcome: 3,
    esn: 5,
    patent: 6,
};
const yookassaVats: Record<Vat, number> = {
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

const digits = (phone: string) => phone.replace(/\D/g, '');

/** ЮKassa's `receipt` of a payment or refund in `currency`; a phone is digits only (79211234567). */
export const yookassaReceipt = (receipt: Receipt, currency: string) => ({
    customer: 'email' in receipt.contact ? { email: receipt.contact.email } : { phone: digits(receipt.contact.phone) },
    items: receipt.items.map(item => ({
        description: cut(item.name, nameLength),
        quantity: item.quantity.toFixed(2),
        // ЮKassa's item amount is the price of one unit.
        amount: { value: minorText(unitMinor(item)), currency },
        vat_code: yookassaVats[item.vat],
        payment_mode: item.paymentMode,
        payment_subject: item.subject,
    })),
    tax_system_code: yookassaTaxSystems[receipt.taxSystem],
});

// CloudPayments (CloudKassir codes): 5 and 7 % and the 22 % rates are not confirmed, so not sent.
const cloudpaymentsTaxSystems: Record<TaxSystem, number> = {
    osn: 0,
    usn_income: 1,
    usn_income_outcome: 2,
    esn: 4,
    patent: 5,
};
const cloudpaymentsVats: Partial<Record<Vat, number | null>> = {
    none: null,
    vat0: 0,
    vat10: 10,
    vat20: 20,
    vat110: 110,
    vat120: 120,
};
const cloudpaymentsMethods: Record<PaymentMode, number> = { full_prepayment: 1, full_payment: 4 };
/** CloudKassir's subject "услуга". */
const cloudpaymentsService = 4;

/**
 * CloudPayments' receipt, as the `JsonData` of an order or a refund: prices in major units, the total
 * paid electronically in `amounts.electronic`; a phone as +7…. Throws for a VAT it does not take.
 */
export const cloudpaymentsReceipt = (receipt: Receipt) => ({
    cloudPayments: {
        CustomerReceipt: {
            Items: receipt.items.map(item => ({
                label: cut(item.name, nameLength),
                price: fromMinor(unitMinor(item)),
                quantity: item.quantity,
                amount: fromMinor(item.amountMinor),
                vat: lookUp(cloudpaymentsVats, item.vat, 'CloudPayments', 'VAT'),
                method: cloudpaymentsMethods[item.paymentMode],
                object: cloudpaymentsService,
            })),
            taxationSystem: cloudpaymentsTaxSystems[receipt.taxSystem],
            ...receipt.contact,
            amounts: { electronic: fromMinor(receipt.items.reduce((sum, item) => sum + item.amountMinor, 0)) },
        },
    },
});

// T-Bank names taxation systems as we do; its Tax takes no 22 % rate that could be confirmed.
const tbankTaxes: Partial<Record<Vat, string>> = {
    none: 'none',
    vat0: 'vat0',
    vat5: 'vat5',
    vat7: 'vat7',
    vat10: 'vat10',
    vat20: 'vat20',
    vat110: 'vat110',
    vat120: 'vat120',
};

/**
 * T-Bank's `Receipt` (FFD 1.05) of Init or a part Cancel: sums in kopecks, a phone as +7…. Throws for a
 * VAT it does not take.
 */
export const tbankReceipt = (receipt: Receipt) => ({
    ...('email' in receipt.contact ? { Email: receipt.contact.email } : { Phone: receipt.contact.phone }),
    Taxation: receipt.taxSystem,
    Items: receipt.items.map(item => ({
        Name: cut(item.name, nameLength),
        Price: unitMinor(item),
        Quantity: item.quantity,
        Amount: item.amountMinor,
        Tax: lookUp(tbankTaxes, item.vat, 'T-Bank', 'VAT'),
        PaymentMethod: item.paymentMode,
        PaymentObject: item.subject,
    })),
});
