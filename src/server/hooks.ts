import type { Request } from 'express';
import type { CollectionName, Database, Identifier } from '../domain/types';

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
export const writeHooks: Partial<Record<CollectionName, WriteHooks>> = {};
