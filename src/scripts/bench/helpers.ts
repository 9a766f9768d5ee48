/*
 * The bench's small helpers: progress on stderr, a pause, an error's whole message, and how a number
 * is written, in the progress log and in the report alike.
 */

export const log = (message: string) => process.stderr.write(`${message}\n`);
export const sleep = (ms: number) => new Promise(done => setTimeout(done, ms));
/** fetch says only 'fetch failed'; the reason (a reset, a closed socket) is in its cause. */
export const messageOf = (error: unknown): string => {
    if (!(error instanceof Error)) return String(error);
    return error.cause ? `${error.message}: ${messageOf(error.cause)}` : error.message;
};

export const number = (value: number) =>
    value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : value.toFixed(0);
