import type { Request } from 'express';
import { z } from 'zod';
import { isoDate } from '../../domain/fields';
import { canAccess, type Action } from '../../domain/permissions';
import { daysBetween } from '../../domain/time';
import type { CollectionName } from '../../domain/types';
import { holdsNul, nulMessage, validate } from '../../domain/validation';
import type { AuthenticatedRequest } from './auth';
import { badRequest, forbidden, invalidFields, notFound } from './errors';
import type { Id, Reader, RecordOf } from '../storage/types';

/*
 * What the business endpoints read from a request the same way: the signed-in user and what the role
 * may do, a record's id in the path and the record it names, a body by its schema, and a period of days.
 */

export const userOf = (req: Request) => (req as AuthenticatedRequest).user;

/**
 * A parameter of the path or the query as given, refused when it holds the NUL character (400 naming
 * it): PostgreSQL cannot take that character in a text, so the db.json engine refuses it alike.
 */
export const withoutNul = <T>(name: string, value: T): T => {
    if (holdsNul(value)) throw badRequest(`${name} must not hold the NUL character`, { [name]: nulMessage });
    return value;
};

/** A record's id in the path: a positive integer, or there is no such record (404). */
export const numericId = (raw: string) => {
    const value = Number(withoutNul('id', raw));
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

/** The body read by its schema, or 400 naming the fields at fault. */
export const parseBody = <S extends z.ZodType>(schema: S, body: unknown): z.output<S> => {
    if (!body || typeof body !== 'object' || Array.isArray(body))
        throw badRequest('The request body must be a JSON object');
    const result = validate(schema, body);
    if (!result.ok) throw invalidFields(result.errors);
    return result.value;
};

/** 403 unless the signed-in user's role may do `action` on `resource`. */
export const allow = (req: Request, resource: CollectionName, action: Action) => {
    if (!canAccess(userOf(req).role, { resource, action })) throw forbidden(`Your role may not ${action} ${resource}`);
};

/** The record the path names, or a 404. */
export const found = async <C extends CollectionName>(
    reader: Reader,
    collection: C,
    id: Id,
    what: string,
): Promise<RecordOf<C>> => {
    const record = await reader.get(collection, withoutNul('id', id));
    if (!record) throw notFound(`${what} ${String(id)} does not exist`);
    return record;
};
