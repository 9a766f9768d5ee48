import type { IncomeShare, Period } from '../../domain/income';
import type { EarnedShares } from '../../domain/earned';
import type { RecordOf } from './records';

/*
 * The sums the statistics and the dashboard read, asked of the engine where the records are. Apart
 * from the reads and transactions (types.ts): each engine answers them by code of its own
 * (jsonFile/reports.ts, postgres/reports.ts), which needs this and not the rest of the boundary.
 */

/**
 * The sums the income statistics and the dashboard are made of, made by the engine where the records
 * are: PostgreSQL adds up a year of visits itself and answers a few rows; the db.json engine adds up
 * the records it holds in memory. Both follow the domain's rules (src/domain/income.ts) to the cent.
 */
export interface Reports {
    /** Income in cents paid in each span between consecutive instants of `boundaries` (ascending ISO instants). */
    incomeBetween(boundaries: string[]): Promise<number[]>;
    /** Income in cents paid in [start, end), by payment method and plan. */
    incomeShares(start: string, end: string): Promise<IncomeShare[]>;
    /** What the charged visits of the classes of a period (and its days of unlimited passes) earned. */
    earned(period: Period): Promise<EarnedShares>;
    /** How many marks with one of `statuses` the classes starting on the days of a period have. */
    marks(period: Period, statuses: string[]): Promise<number>;
    /**
     * The passes active on `date` (isActiveOn in src/domain/passes.ts): how many, and those running out
     * (ending by `endingBy`, or with at most `visitsLeft` visits left), soonest end first, then oldest:
     * how many, and the first `limit`.
     */
    activePasses(
        date: string,
        runningOut: { endingBy: string; visitsLeft: number; limit: number },
    ): Promise<ActivePasses>;
}

interface ActivePasses {
    active: number;
    runningOut: number;
    firstRunningOut: RecordOf<'passes'>[];
}
