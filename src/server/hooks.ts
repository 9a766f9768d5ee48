import type { Request } from 'express';
import type { CollectionName, Database, Identifier } from '../domain/types';
import type { Scalar } from './listQuery';
import { customerFilters, customerListFields } from './money';
import { statusHooks, subscriptionFilters } from './settings';
import { attendanceHooks } from './attendanceHooks';
import { eventHooks } from './eventHooks';

export type AnyRecord = Record<string, unknown> & { id: Identifier | string };

export interface HookContext {
    db: Database;
    req: Request;
}

/**
 * Rules a plain write of a collection brings along (charging a visit when an attendance is marked,
 * say). Each runs after the record is validated and before anything is stored, in the same synchronous
 * section as the write: it may change related records, which are then stored in the same atomic write,
 * and it refuses the whole write by throwing an ApiError before changing anything.
 */
export interface WriteHooks {
    /** Answers the record to store. */
    create?: (record: AnyRecord, context: HookContext) => AnyRecord;
    /** Answers the record to store in place of `before`. */
    update?: (record: AnyRecord, before: AnyRecord, context: HookContext) => AnyRecord;
    delete?: (record: AnyRecord, context: HookContext) => void;
}

/** The hooks of each collection; a feature adds its entry here. */
export const writeHooks: Partial<Record<CollectionName, WriteHooks>> = {
    statuses: statusHooks,
    attendances: attendanceHooks,
    events: eventHooks,
};

/**
 * Filters a list accepts beyond the collection's fields, computed by the server over other records (a
 * customer with a debt). Each gets the wanted values and the database once per request, and answers
 * the test for one record. A feature adds its collection's entry here.
 */
export type ComputedFilter = (values: Scalar[], db: Database) => (record: AnyRecord) => boolean;

export const computedFilters: Partial<Record<CollectionName, Record<string, ComputedFilter>>> = {
    customers: customerFilters,
    subscriptions: subscriptionFilters,
};

/**
 * Read-only fields the server adds to the records it answers with, in lists and alone (a customer's
 * active pass and debts), computed over other records once per page. A feature adds its collection's entry here.
 */
export type ListFields = (page: AnyRecord[], db: Database) => (record: AnyRecord) => Record<string, unknown>;

export const listFields: Partial<Record<CollectionName, ListFields>> = {
    customers: customerListFields,
};
