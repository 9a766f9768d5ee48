/*
 * Selling passes as the desk does: the pass the domain's sale rule makes (src/domain/money.ts) and its
 * payment as the ledger records it (src/domain/ledger.ts), pointing at each other; a few passes frozen
 * by the domain's freeze rule (src/domain/freezes.ts). Which plan a member buys is the story's choice.
 */
import { freezePass } from '../../domain/freezes';
import { ledgerEntry } from '../../domain/ledger';
import { passForSale } from '../../domain/money';
import { coversDirection } from '../../domain/passes';
import { addDays, daysBetween } from '../../domain/time';
import type { Pass, Payment, Subscription } from '../../domain/types';
import { PLANS, type PlanSeed } from './plans';
import { idOfKey } from './setup';
import { cashier, localInstant, randomTime, seen, type CustomerFile, type Mark, type World } from './world';

/**
 * A few passes get frozen for a holiday or an illness. The freeze is decided at sale, so that the
 * charging rule sees it from the start and the member stays away during it. The members chosen to
 * pause freeze the pass they buy a few weeks before `today` over `today`.
 */
const maybeFreeze = (world: World, file: CustomerFile, pass: Pass, plan: Subscription): void => {
    const { random, calendar } = world;
    if (plan.freezeDays < 3) return;
    const freeze = (from: string, days: number) =>
        Object.assign(pass, freezePass(pass, plan.freezeDays, from, addDays(from, days - 1)));
    const sinceSale = daysBetween(pass.startsOn, calendar.today);
    if (world.pausing.has(file.customer.id) && plan.freezeDays >= 7 && sinceSale >= 6 && sinceSale <= 25) {
        world.pausing.delete(file.customer.id);
        const from = addDays(calendar.today, -random.int(1, 5));
        freeze(from, random.int(daysBetween(from, calendar.today) + 2, plan.freezeDays));
    } else if (random.chance(0.02)) {
        freeze(
            addDays(pass.startsOn, random.int(4, Math.min(20, plan.validityDays - 2))),
            random.int(3, plan.freezeDays),
        );
    }
};

/** Sells a plan at `at`: the pass and its payment, pointing at each other, as the server's sell endpoint does. */
export const sell = (
    world: World,
    file: CustomerFile,
    plan: Subscription,
    startsOn: string,
    at: string,
    options: { freeze: boolean; note?: string | null },
): { pass: Pass; payment: Payment } => {
    const { db, random } = world;
    const pass: Pass = { id: db.passes.length + 1, ...passForSale(plan, file.customer.id, startsOn), createdAt: at };
    if (options.freeze) maybeFreeze(world, file, pass, plan);
    const method = random.weighted([
        ['card', 50],
        ['cash', 35],
        ['transfer', 15],
    ] as const);
    const entry = { customerId: file.customer.id, amount: plan.price, method, passId: pass.id, note: options.note };
    const payment: Payment = {
        id: db.payments.length + 1,
        ...ledgerEntry({ ...entry, createdBy: cashier(world) }, at),
        createdAt: at,
    };
    pass.paymentId = payment.id;
    db.passes.push(pass);
    db.payments.push(payment);
    file.passes.push(pass);
    seen(file, at);
    return { pass, payment };
};

/** A plan by its key, whatever the language it is named in. */
export const planNamed = (world: World, key: string): Subscription => world.db.subscriptions[idOfKey(PLANS, key) - 1];

const seedOfPlan = (subscriptionId: number): PlanSeed => PLANS[subscriptionId - 1];

/** A pass of the trial plan. */
export const isTrialPass = (pass: Pass): boolean => seedOfPlan(pass.subscriptionId).trial;

const popularity = (plan: Subscription): number => seedOfPlan(plan.id)?.popularity ?? 0;

/** A regular pass covering every direction of the member's groups, often the same plan as last time. */
export const memberPlan = (world: World, file: CustomerFile, visitsToday: number): Subscription => {
    const { random, db } = world;
    const fitting = db.subscriptions.filter(
        plan =>
            plan.active &&
            popularity(plan) > 0 &&
            (plan.visits === null || plan.visits >= visitsToday) &&
            file.memberships.every(membership => coversDirection(plan, membership.directionId)),
    );
    const last = [...file.passes].reverse().find(pass => fitting.some(plan => plan.id === pass.subscriptionId));
    if (last && random.chance(0.6)) return fitting.find(plan => plan.id === last.subscriptionId) as Subscription;
    return random.weighted(fitting.map(plan => [plan, popularity(plan)] as const));
};

/**
 * The plan a member buys when their pass runs out: covering all their groups' directions (and today's),
 * with enough visits for today, often the same as last time. Null: they put it off, and the visit
 * becomes a debt.
 */
export const choosePlan = (world: World, file: CustomerFile, mark: Mark, visitsToday: number): Subscription | null => {
    const { random } = world;
    if (mark.walkIn) return planNamed(world, 'Single visit');
    if (mark.dropIn) return random.chance(0.9) ? planNamed(world, 'Single visit') : null;
    if (!random.chance(0.985)) return null;
    if (file.passes.length === 0 && mark.membership?.firstVisit === 'trial_plan' && visitsToday === 1)
        return planNamed(world, 'Trial class');
    return memberPlan(world, file, visitsToday);
};

/**
 * Most regulars come into the eight weeks with a pass bought in the weeks before, so that renewals, and
 * income, are spread over the weeks instead of all falling in the first one. Its visits are unused:
 * there are no earlier events for them to have been spent on.
 */
export const sellPassesBeforeTheWindow = (world: World): void => {
    const { random, calendar } = world;
    for (const file of world.files.values()) {
        const regular = file.memberships.some(membership => membership.joinsOn === calendar.firstDay);
        if (!regular || !random.chance(0.7)) continue;
        const plan = memberPlan(world, file, 1);
        // Late enough that the pass is still valid when the eight weeks begin.
        const date = addDays(calendar.firstDay, -random.int(1, Math.min(20, plan.validityDays - 1)));
        sell(world, file, plan, date, localInstant(calendar, date, randomTime(random, 10, 20)), { freeze: false });
    }
};
