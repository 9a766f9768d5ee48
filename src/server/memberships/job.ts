import { createHash } from 'node:crypto';
import { nextPeriodEnd, noticeTime } from '../../domain/memberships';
import type { Clock } from '../../domain/time';
import { localDateAt } from '../../domain/time';
import { studioConfig } from '../rules/studio';
import type { RecordOf, Storage } from '../storage/types';
import {
    chargeDue,
    chargeMembership,
    openCharges,
    reconcileCharge,
    type Charger,
    type ChargeContext,
} from './charging';
import { applyClosures, closuresDue } from './closures';
import { noticeLost, noticeNextCharge, unreachable, warnExpiringCards } from './notices';
import { priceLapsed } from './price';
import { endMembership, nextAmount } from './renewals';

/*
 * The memberships job: each run, at the server's clock, warns the payers of saved cards about to expire,
 * and for each membership still going, in order: counts the studio's closures begun in its period,
 * settles the charge left open (before anything else is asked), ends one set to cancel at its period's
 * end or left unpaid past its period, tells the payer of the next charge 48 hours ahead with the next
 * period's pass held (or, when the next period is at a new price the payer did not accept, sets it to
 * end instead; a notice that turns out undeliverable makes it past due with a task to call), and
 * charges the card once the notice was delivered 24 hours before. Every step reads the membership again under the claim of its row, so
 * that a run of another process (one whose lease ran out) changes nothing twice.
 */

type Membership = RecordOf<'memberships'>;

/** How many memberships one run takes at a time. */
const chargesAtOnce = 8;
type Charge = RecordOf<'charges'>;

export interface MembershipsJob {
    storage: Storage;
    clock: Clock;
    /** The provider's side of charges; null when payments are not taken online (nothing is charged). */
    charger: Charger | null;
    publicUrl: string | undefined;
}

/**
 * The prefix of this database's charge keys: from when its memberships job was first recorded, the same
 * for every process on the database and for every run, and another for another database, so that two
 * databases never ask a provider under one key.
 */
const chargeKeyPrefix = async (storage: Storage): Promise<string> => {
    const [job] = await storage.select('jobs', { name: 'memberships' });
    return createHash('sha256')
        .update(`${job?.id ?? ''}:${job?.createdAt ?? ''}`)
        .digest('hex')
        .slice(0, 8);
};

type Change = 'cancelled' | 'unpaid' | 'notice';

/** What changes a membership on `today` at `now` before any charge: its end, or its next charge's notice. */
const changeDue = (membership: Membership, today: string, now: Date): Change | null => {
    if (membership.status === 'ended') return null;
    if (membership.cancelAtPeriodEnd && (membership.status === 'past_due' || today >= membership.periodEnd))
        return 'cancelled';
    // Past due through the whole period it did not pay: nothing more is tried.
    if (membership.status === 'past_due' && today >= nextPeriodEnd(membership.periodEnd, membership.anchorDay))
        return 'unpaid';
    const noticeDue =
        membership.status === 'active' &&
        !membership.cancelAtPeriodEnd &&
        membership.nextChargeAt !== null &&
        membership.noticeMessageId == null &&
        Date.parse(noticeTime(membership.nextChargeAt)) <= now.getTime();
    return noticeDue ? 'notice' : null;
};

/** Makes the change due, under the claim of the membership's row, read again; answers whether it made one. */
const advance = (storage: Storage, id: number, charger: Charger | null, today: string, now: Date) =>
    storage.transaction(
        async tx => {
            await tx.claim('memberships', [id]);
            const membership = await tx.get('memberships', id);
            const change = membership && changeDue(membership, today, now);
            if (!membership || !change) return false;
            if (change !== 'notice') {
                await endMembership(
                    tx,
                    membership,
                    change === 'unpaid' ? 'unpaid' : (membership.endReason ?? 'customer'),
                    now,
                );
                return true;
            }
            const card =
                membership.paymentMethodId == null
                    ? undefined
                    : await tx.get('paymentMethods', membership.paymentMethodId);
            // A charge nobody can make is not announced: no provider takes payments, or the card is another's.
            if (card?.status !== 'active' || card.provider !== charger?.name) return false;
            // A new price its payer did not accept is never charged: the membership ends with this period.
            if (priceLapsed(membership)) {
                await tx.update('memberships', {
                    ...membership,
                    cancelAtPeriodEnd: true,
                    nextChargeAt: null,
                    endReason: 'customer',
                });
                return true;
            }
            await noticeNextCharge(tx, membership, now);
            return true;
        },
        { claimed: true },
    );

/** A notice that will never be delivered: the membership past due and a task to call, under its row's claim. */
const letNoticeGo = (storage: Storage, id: number, now: Date) =>
    storage.transaction(
        async tx => {
            await tx.claim('memberships', [id]);
            const membership = await tx.get('memberships', id);
            if (!membership || !(await noticeLost(tx, membership))) return false;
            await unreachable(tx, membership, now);
            return true;
        },
        { claimed: true },
    );

type RunContext = Omit<ChargeContext, 'charger'> & { charger: Charger | null; today: string };

/** One membership's run (`open`: its charges waiting for an outcome); answers how many things were done. */
const runOne = async (context: RunContext, read: Membership, open: Charge[]) => {
    const { storage, charger, now, today } = context;
    let done = 0;
    if (charger && open.length) {
        for (const charge of open) if (await reconcileCharge({ ...context, charger }, charge)) done += 1;
        // A charge still open waits for its outcome: nothing else is asked meanwhile.
        if ((await openCharges(storage, read.id)).length) return done;
    }
    if ((await noticeLost(storage, read)) && (await letNoticeGo(storage, read.id, now))) done += 1;
    if (changeDue(read, today, now) && (await advance(storage, read.id, charger, today, now))) done += 1;
    const membership = done ? await storage.get('memberships', read.id) : read;
    if (!charger || !membership) return done;
    if (
        (await chargeDue(storage, membership, now)) &&
        (await chargeMembership({ ...context, charger }, membership.id, nextAmount(membership)))
    )
        done += 1;
    return done;
};

/** Runs the memberships job at the clock's time; answers how many things it did. */
export const runMemberships = async ({ storage, clock, charger, publicUrl }: MembershipsJob): Promise<number> => {
    const now = clock();
    let done = await storage.transaction(tx => warnExpiringCards(tx, now));
    const live = [
        ...(await storage.select('memberships', { status: 'active' })),
        ...(await storage.select('memberships', { status: 'past_due' })),
    ];
    if (!live.length) return done;
    const open = [
        ...(await storage.select('charges', { status: 'pending' })),
        ...(await storage.select('charges', { status: 'unknown' })),
    ];
    const config = await studioConfig(storage);
    const today = localDateAt(now, config.timezone);
    const context = { storage, charger, prefix: await chargeKeyPrefix(storage), publicUrl, now, today };
    // A few memberships at a time: a provider answers a charge in up to a second, and a thousand due at
    // once must all be charged within minutes. Each is claimed by its row and charged under its own key,
    // so two at once never touch one membership.
    let next = 0;
    const worker = async () => {
        while (next < live.length) {
            const read = live[next++];
            // The studio's closures move the period before anything about its charge is decided.
            const membership = closuresDue(read, config.closures).length ? await applyClosures(storage, read.id) : read;
            if (!membership) continue;
            const own = open.filter(charge => charge.membershipId === membership.id);
            // Counted after the await: `done += await …` would read `done` before the others added theirs.
            const did = await runOne(context, membership, own);
            done += did;
        }
    };
    await Promise.all(Array.from({ length: Math.min(chargesAtOnce, live.length) }, worker));
    return done;
};
