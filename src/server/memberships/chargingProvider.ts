import type { Config } from '../../domain/types';
import { ProviderError, receiptContact, receiptSettingsOf, toMinor, type PaymentProvider } from '../payments';
import type { Reader } from '../storage/types';
import type { ChargeAnswer, Charger } from './charging';

/*
 * The renewals' side of the studio's payment provider: a charge asked under its key with the 54-FZ
 * receipt payments carry, and a lost outcome found by that key. An answer that never came (a network
 * error, a 5xx, a timeout) throws, so that the charge is kept `unknown`; a request the provider refused
 * for good is a decline, never asked again.
 */

/** The receipt of a renewal, or null when the studio sends none through the provider. */
const renewalReceipt = (
    config: Config,
    payer: { email?: string | null; phone?: string | null },
    name: string,
    amountMinor: number,
) => {
    const settings = receiptSettingsOf(config);
    const contact = receiptContact(payer);
    if (!settings || !contact) return null;
    const item = {
        name: Array.from(name.trim() || 'Membership')
            .slice(0, 128)
            .join(''),
        quantity: 1,
        amountMinor,
        vat: settings.vat,
        paymentMode: settings.paymentMode,
        subject: 'service' as const,
    };
    return { contact, taxSystem: settings.taxSystem, items: [item] };
};

/** A refusal for good, answered as a decline for money (the payer may change the card before the next try). */
const refused = (error: unknown): ChargeAnswer => {
    if (error instanceof ProviderError && !error.retryable)
        return { status: 'declined', providerPaymentId: null, reason: error.code ?? 'refused', cause: 'money' };
    throw error;
};

/** The provider's charges, or null when it cannot charge saved cards. */
export const chargerOf = (provider: PaymentProvider | null | undefined, reader: Reader): Charger | null => {
    const { chargeSaved, findCharge } = provider ?? {};
    if (!provider || !chargeSaved || !findCharge) return null;
    return {
        name: provider.name,
        charge: async ({ charge, card, payer, description }) => {
            const config = (await reader.get('configs', 'general')) as Config;
            const amountMinor = toMinor(charge.amount);
            return chargeSaved
                .call(provider, {
                    token: card.token ?? '',
                    payerKey: card.payerKey ?? `c${card.customerId}`,
                    key: charge.key,
                    amountMinor,
                    currency: config.currency,
                    description,
                    receipt: renewalReceipt(config, payer, description, amountMinor),
                })
                .catch(refused);
        },
        find: charge =>
            findCharge.call(provider, {
                key: charge.key,
                providerPaymentId: charge.providerPaymentId,
                createdAt: new Date(charge.createdAt),
            }),
    };
};
