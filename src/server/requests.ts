import type { Request } from 'express';
import { z } from 'zod';
import { isoDate } from '../domain/fields';
import { daysBetween } from '../domain/time';
import { validate } from '../domain/validation';
import type { AuthenticatedRequest } from './auth';
import { invalidFields, notFound } from './errors';

/*
 * What the business endpoints read from a request the same way: the signed-in user, a record's id in
 * the path, and a period of days.
 */

export const userOf = (req: Request) => (req as AuthenticatedRequest).user;

/** A record's id in the path: a positive integer, or there is no such record (404). */
export const numericId = (raw: string) => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value <= 0) throw notFound(`No record ${raw}`);
    return value;
};

/** A period of studio-local dates, both included, at most a year long. */
const periodSchema = z
    .object({ from: isoDate, to: isoDate })
    .refine(period => period.from <= period.to, { message: 'app.validation.ends_before_start', path: ['to'] })
    .refine(period => daysBetween(period.from, period.to) <= 366, {
        message: 'app.validation.period_too_long',
        path: ['to'],
    });

/** The period `{from, to}` of a query or a body, or 400 naming the field. */
export const periodOf = (input: unknown) => {
    const period = validate(periodSchema, input);
    if (!period.ok) throw invalidFields(period.errors);
    return period.value;
};
