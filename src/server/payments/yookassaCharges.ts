import { minorText, ProviderError, type ChargeInput, type ChargeOutcome } from './provider';
import { cut, yookassaReceipt } from './receipts';
import { chargeOutcomeOf } from './yookassaCards';
import { isRecord, readPayment } from './yookassaObjects';

/*
 * A membership's renewals through ЮKassa: the saved method charged without the payer (`payment_method_id`,
 * no confirmation) under the charge's key as Idempotence-Key, and a renewal whose answer was lost found
 * again. ЮKassa keeps a key for 24 hours: within them the same request with the same key answers the payment
 * it made (or makes it, if the first never arrived); after them the same key would make a second payment,
 * so the payment is looked for instead, by its id or by the key kept in its metadata.
 */

/** One call to ЮKassa's API, as the adapter makes it (its errors already ProviderErrors). */
export type YookassaCall = (
    method: 'GET' | 'POST',
    path: string,
    request?: { body?: unknown; idempotenceKey?: string; missing?: 'null' },
) => Promise<Record<string, unknown> | null>;

const hour = 3_600_000;
/** How long ЮKassa answers a key with the payment it made. */
const keyLifetimeMs = 24 * hour;
/** Kept off the end of those 24 hours: our clock and ЮKassa's may differ by that much. */
const clockMarginMs = 10 * 60_000;
/** ЮKassa's largest page of a list, and how many pages a search reads before it gives up for now. */
const pageSize = 100;
const pagesAtMost = 100;
/** The longest `description` of a payment ЮKassa takes. */
const descriptionLength = 128;

export const yookassaCharges = (call: YookassaCall, now: () => number = Date.now) => {
    /** Each renewal's request by its key, while ЮKassa still answers that key: to be repeated word for word. */
    const asked = new Map<string, { body: unknown; at: number }>();

    const forgetOld = () => {
        for (const [key, { at }] of asked) if (now() - at > keyLifetimeMs) asked.delete(key);
    };

    const outcomeOf = (answer: Record<string, unknown> | null, what: string): ChargeOutcome => {
        const payment = answer && readPayment(answer);
        const outcome = payment && chargeOutcomeOf(payment);
        // Made but unreadable: the same key answers the same payment again.
        if (!outcome) throw new ProviderError(`ЮKassa answered ${what} without its id or a known status`, true);
        return outcome;
    };

    /** The payment made under `key` among those created since `since`, newest first, or null. */
    const search = async (key: string, since: Date): Promise<ChargeOutcome | null> => {
        let cursor: string | undefined;
        for (let page = 0; page < pagesAtMost; page += 1) {
            const query = new URLSearchParams({ 'created_at.gte': since.toISOString(), limit: String(pageSize) });
            if (cursor) query.set('cursor', cursor);
            const answer = await call('GET', `/payments?${query.toString()}`);
            const items = answer && Array.isArray(answer.items) ? answer.items : null;
            if (!items) throw new ProviderError('ЮKassa answered the list of payments without its items', true);
            for (const item of items) {
                const payment = isRecord(item) ? readPayment(item) : null;
                if (payment?.metadata?.chargeKey === key)
                    return outcomeOf(item as Record<string, unknown>, 'a renewal');
            }
            cursor = typeof answer?.next_cursor === 'string' && answer.next_cursor ? answer.next_cursor : undefined;
            if (!cursor) return null;
        }
        // Not every page was read: "missing" could charge twice, so the outcome stays unknown for now.
        throw new ProviderError(`ЮKassa's payments since ${since.toISOString()} are too many to search at once`, true);
    };

    return {
        chargeSaved: async (input: ChargeInput): Promise<ChargeOutcome> => {
            const description = cut(input.description, descriptionLength);
            const body = {
                amount: { value: minorText(input.amountMinor), currency: input.currency },
                capture: true,
                payment_method_id: input.token,
                ...(description ? { description } : {}),
                ...(input.receipt ? { receipt: yookassaReceipt(input.receipt, input.currency) } : {}),
                metadata: { chargeKey: input.key },
            };
            forgetOld();
            if (!asked.has(input.key)) asked.set(input.key, { body, at: now() });
            return outcomeOf(await call('POST', '/payments', { body, idempotenceKey: input.key }), 'a renewal');
        },

        findCharge: async ({
            key,
            providerPaymentId,
            createdAt,
        }: {
            key: string;
            providerPaymentId: string | null;
            createdAt: Date;
        }): Promise<ChargeOutcome | { status: 'missing' }> => {
            if (providerPaymentId) {
                const answer = await call('GET', `/payments/${encodeURIComponent(providerPaymentId)}`, {
                    missing: 'null',
                });
                const payment = answer && readPayment(answer);
                if (payment && payment.metadata?.chargeKey !== key)
                    throw new ProviderError(`ЮKassa's payment ${providerPaymentId} is not charge ${key}'s`, false);
                if (answer) return outcomeOf(answer, `payment ${providerPaymentId}`);
            }
            const kept = asked.get(key);
            if (kept && now() < kept.at + keyLifetimeMs - clockMarginMs)
                return outcomeOf(
                    await call('POST', '/payments', { body: kept.body, idempotenceKey: key }),
                    'a renewal',
                );
            const found = await search(key, new Date(createdAt.getTime() - clockMarginMs));
            return found ?? { status: 'missing' };
        },
    };
};
