import type { MembershipListRecord, PortalMembership } from '../../domain/api/memberships';
import { personName } from '../../domain/journal';
import { addMonthsOn, priceOfPeriod } from '../../domain/memberships';
import type { Identifier, StoredRecordOf } from '../../domain/types';
import type { ListFields } from '../rules/types';
import type { Reader } from '../storage/types';

/*
 * How memberships read to staff (the list's names and amounts) and to customers in the portal (their
 * own, with the card charged and whether they are its payer).
 */

type Membership = StoredRecordOf<'memberships'>;
type Extra = Omit<MembershipListRecord, keyof Membership>;

/** What the next charge takes: the next period's consented price; nothing once no charge is planned. */
export const nextAmountOf = (membership: Pick<Membership, 'nextChargeAt' | 'prices' | 'period'>) =>
    membership.nextChargeAt == null ? null : priceOfPeriod(membership.prices, membership.period + 1);

const idsOf = (rows: readonly Record<string, unknown>[], field: string) => [
    ...new Set(rows.map(row => row[field]).filter((id): id is number => typeof id === 'number')),
];

/** The people, plans and cards some memberships name, read once for all of them. */
const namesFor = async (reader: Reader, rows: readonly Record<string, unknown>[]) => {
    const people = await reader.getMany('customers', [...idsOf(rows, 'customerId'), ...idsOf(rows, 'payerId')]);
    const plans = await reader.getMany('subscriptions', idsOf(rows, 'subscriptionId'));
    const cards = await reader.getMany('paymentMethods', idsOf(rows, 'paymentMethodId'));
    return {
        person: new Map(people.map(person => [person.id, personName(person)])),
        plan: new Map(plans.map(plan => [plan.id, plan.name])),
        card: new Map(cards.map(card => [card.id, card])),
    };
};

/** The list's names and amounts beside each membership. */
export const membershipListFields: ListFields = async (page, reader) => {
    const names = await namesFor(reader, page);
    return row => {
        const membership = row as Membership;
        return {
            customerName: names.person.get(membership.customerId) ?? '',
            payerName: names.person.get(membership.payerId) ?? '',
            planName: names.plan.get(membership.subscriptionId) ?? '',
            currentPrice: priceOfPeriod(membership.prices, membership.period),
            nextAmount: nextAmountOf(membership),
            cardTitle:
                membership.paymentMethodId == null ? null : (names.card.get(membership.paymentMethodId)?.title ?? null),
        } satisfies Extra;
    };
};

/** Memberships as the portal shows them to `viewerId`: whether they pay each, and the card charged. */
export const portalMemberships = async (
    reader: Reader,
    memberships: readonly Membership[],
    viewerId: Identifier,
): Promise<PortalMembership[]> => {
    const names = await namesFor(reader, memberships);
    return memberships.map(membership => {
        const card = membership.paymentMethodId == null ? undefined : names.card.get(membership.paymentMethodId);
        return {
            id: membership.id,
            customerId: membership.customerId,
            customerName: names.person.get(membership.customerId) ?? '',
            planName: names.plan.get(membership.subscriptionId) ?? '',
            status: membership.status,
            period: membership.period,
            periodStart: membership.periodStart,
            periodEnd: membership.periodEnd,
            nextChargeAt: membership.nextChargeAt,
            nextAmount: nextAmountOf(membership),
            cancelAtPeriodEnd: membership.cancelAtPeriodEnd,
            endReason: membership.endReason,
            isPayer: membership.payerId === viewerId,
            card: card ? { id: card.id, title: card.title, expiresOn: card.expiresOn, status: card.status } : null,
            priceChange:
                membership.priceChange && membership.priceChange.acceptedAt === null
                    ? {
                          amount: membership.priceChange.amount,
                          fromPeriod: membership.priceChange.fromPeriod,
                          startsOn: addMonthsOn(
                              membership.periodEnd,
                              membership.priceChange.fromPeriod - membership.period - 1,
                              membership.anchorDay,
                          ),
                      }
                    : null,
        };
    });
};
