import { expect } from 'vitest';

/* The check that a request is refused with a given HTTP status (tests/api/crud-*.test.ts). */

/** The body of the error a request is refused with, once its status is checked. */
export const expectHttpError = async (promise: Promise<unknown>, status: number) => {
    const error = await promise.then(
        () => {
            throw new Error(`expected HTTP ${status}, got success`);
        },
        (error: { status?: number; body?: Record<string, unknown> }) => error,
    );
    expect(error.status).toBe(status);
    return error.body ?? {};
};
