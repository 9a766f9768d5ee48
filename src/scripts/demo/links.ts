/*
 * Refunds and payment links: a few leads who asked for their money back (a refund by the domain's
 * refund rule, src/domain/money.ts), renewals paid by link, and links nobody paid.
 */
import { ledgerEntry } from '../../domain/ledger';
import { checkRefund } from '../../domain/money';
import { addDays, daysBetween } from '../../domain/time';
import type { Pass, Payment, PaymentLink } from '../../domain/types';
import { LINK_DESCRIPTIONS, REFUND_NOTES } from './people';
import type { Random } from './random';
import { isTrialPass, planNamed, sell } from './selling';
import { fileOf, laterBy, localInstant, randomTime, seen, takeLead, type World } from './world';

/** A lead who bought a pass and asked for the money back before using it: a cancelled pass and a refund. */
export const addRefunds = (world: World): void => {
    const { random, calendar } = world;
    for (let count = 0; count < world.sizes.few(2); count++) {
        const file = takeLead(world);
        if (!file) return;
        const date = addDays(calendar.firstDay, random.int(0, daysBetween(calendar.firstDay, calendar.today) - 10));
        const plan = planNamed(world, random.pick(['8 visits', '12 visits', 'Unlimited month']));
        const { pass, payment } = sell(
            world,
            file,
            plan,
            date,
            localInstant(calendar, date, randomTime(random, 11, 19)),
            {
                freeze: false,
            },
        );
        const paidAt = laterBy(payment.paidAt, random.int(1, 4) * 24 * 60 + random.int(-120, 120));
        const refund = { customerId: file.customer.id, amount: payment.amount, passId: pass.id, cancelPass: true };
        const ledger = world.db.payments.filter(entry => entry.customerId === file.customer.id);
        checkRefund(refund, ledger, pass);
        pass.cancelled = true;
        file.refunded = true;
        world.db.payments.push({
            id: world.db.payments.length + 1,
            ...ledgerEntry(
                {
                    ...refund,
                    kind: 'refund',
                    method: payment.method,
                    note: random.pick(REFUND_NOTES),
                    createdBy: world.adminId,
                },
                paidAt,
            ),
            createdAt: paidAt,
        });
    }
};

/** 22 url-safe characters: 128 random bits, as the server makes them. */
const linkId = (random: Random): string => random.bytes(16).toString('base64url');

const ttlMinutes = (world: World): number => world.config.paymentLinkTtlHours * 60;

/** Some members paid their renewal by link: the sale becomes an online payment of a paid link. */
export const addPaidLinks = (world: World): void => {
    const { random, db } = world;
    // Before renumbering, a pass's id is its position + 1.
    const passOf = (payment: Payment): Pass => db.passes[(payment.passId as number) - 1];
    const renewals = db.payments.filter(
        payment =>
            payment.kind === 'payment' &&
            !world.singleVisitPayments.has(payment) &&
            !passOf(payment).cancelled &&
            !isTrialPass(passOf(payment)),
    );
    for (const payment of random.shuffle(renewals).slice(0, world.sizes.few(4))) {
        const pass = passOf(payment);
        const createdAt = laterBy(payment.paidAt, -random.int(60, 30 * 60));
        const id = linkId(random);
        db.paymentLinks.push({
            id,
            customerId: payment.customerId,
            purpose: 'sale',
            subscriptionId: pass.subscriptionId,
            amount: pass.price,
            description: random.pick(LINK_DESCRIPTIONS),
            status: 'paid',
            expiresAt: laterBy(createdAt, ttlMinutes(world)),
            paidAt: payment.paidAt,
            paymentId: payment.id,
            passId: pass.id,
            createdAt,
        });
        payment.method = 'online';
        payment.paymentLinkId = id;
        // The manager who sent the link is the one the payment is booked to.
        payment.createdBy = world.managerId;
        seen(fileOf(world, payment.customerId), createdAt);
    }
};

/** Links nobody paid: pending ones sent this morning, expired and cancelled ones from the past weeks. */
export const addOpenLinks = (world: World): void => {
    const { random, calendar, db } = world;
    const members = [...world.files.values()].filter(file => file.memberships.some(membership => !membership.leavesOn));
    const plans = db.subscriptions.filter(plan => !plan.trial && plan.directionIds.length === 0 && plan.visits !== 1);
    const add = (status: PaymentLink['status'], createdAt: string) => {
        const file = random.chance(0.3) ? (takeLead(world) ?? random.pick(members)) : random.pick(members);
        const lastPass = file.passes.at(-1);
        const plan =
            (lastPass &&
                db.subscriptions.find(
                    candidate => candidate.id === lastPass.subscriptionId && !candidate.trial && candidate.visits !== 1,
                )) ||
            random.pick(plans);
        db.paymentLinks.push({
            id: linkId(random),
            customerId: file.customer.id,
            purpose: 'sale',
            subscriptionId: plan.id,
            amount: plan.price,
            description: random.pick(LINK_DESCRIPTIONS),
            status,
            expiresAt: laterBy(createdAt, ttlMinutes(world)),
            paidAt: null,
            paymentId: null,
            passId: null,
            createdAt,
        });
        seen(file, createdAt);
    };
    const pastInstant = () =>
        localInstant(
            calendar,
            addDays(calendar.today, -random.int(5, daysBetween(calendar.firstDay, calendar.today))),
            randomTime(random, 10, 19),
        );
    // Sent on the anchor morning, so they stay pending until three days after it.
    for (let count = 0; count < world.sizes.few(3); count++)
        add('pending', localInstant(calendar, calendar.today, randomTime(random, 9, 12)));
    for (let count = 0; count < world.sizes.few(3); count++) add('expired', pastInstant());
    for (let count = 0; count < world.sizes.few(2); count++) add('cancelled', pastInstant());
};
