import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from 'express';
import type { FieldErrors } from '../../domain/validation';
import { StorageConflict, StorageUnavailable } from '../storage/types';
import type { ApiErrorBody } from '../../domain/api';
import { MoneyRuleError } from '../../domain/money';
import { requestIdOf } from './requestLog';

/** An error the API answers as JSON `{message, errors?, ...details}` with its status. */
export class ApiError extends Error {
    constructor(
        readonly status: number,
        message: string,
        readonly errors?: FieldErrors,
        readonly details?: Record<string, unknown>,
    ) {
        super(message);
    }
}

export const badRequest = (message: string, errors?: FieldErrors) => new ApiError(400, message, errors);
export const invalidFields = (errors: FieldErrors) => new ApiError(400, 'The request has invalid fields', errors);
export const notFound = (message = 'Not found') => new ApiError(404, message);
export const forbidden = (message = 'Your role may not do this') => new ApiError(403, message);
export const conflict = (message: string, errors?: FieldErrors, details?: Record<string, unknown>) =>
    new ApiError(409, message, errors, details);

/** A refused money rule: a link no longer pending is a conflict (409), anything else a 400 naming the field at fault. */
export const ruleRefusal = (error: unknown): unknown => {
    if (!(error instanceof MoneyRuleError)) return error;
    const errors = { [error.field]: error.key };
    // The rules of the link's life cycle speak of its status: that one has moved on, a conflict.
    return error.field === 'status'
        ? conflict('The payment link is no longer pending', errors)
        : new ApiError(400, 'The request breaks a rule', errors);
};

/** Express 4 does not catch rejected promises: route them to the error handler. */
export const handle =
    (handler: (req: Request, res: Response, next: NextFunction) => Promise<unknown> | unknown): RequestHandler =>
    (req: Request, res: Response, next: NextFunction) => {
        Promise.resolve()
            .then(() => handler(req, res, next))
            .catch(next);
    };

/**
 * Never a stack trace: known errors answer their status, anything else a bare 500 whose error is
 * logged (with its stack, to the server's log only) under the request's id.
 */
export const errorHandlerFor =
    (log: Pick<Console, 'error'> = console): ErrorRequestHandler =>
    (error: unknown, req, res, _next) => {
        if (error instanceof StorageConflict) {
            res.status(409).json({ message: error.message });
            return;
        }
        if (error instanceof StorageUnavailable) {
            res.status(error.status).json({ message: error.message });
            return;
        }
        if (error instanceof ApiError) {
            const body: ApiErrorBody = {
                message: error.message,
                ...(error.errors ? { errors: error.errors } : {}),
                ...error.details,
            };
            // A refusal that says when to come back says it in the header too.
            if (typeof error.details?.retryAfter === 'number')
                res.setHeader('Retry-After', String(error.details.retryAfter));
            res.status(error.status).json(body);
            return;
        }
        const bodyError = error as { type?: string; status?: number };
        if (bodyError.type === 'entity.too.large') {
            res.status(413).json({ message: 'The request body is larger than 1 MB' });
            return;
        }
        if (bodyError.type === 'entity.parse.failed') {
            res.status(400).json({ message: 'The request body is not valid JSON' });
            return;
        }
        if (bodyError.status && bodyError.status >= 400 && bodyError.status < 500) {
            res.status(bodyError.status).json({ message: 'The request could not be read' });
            return;
        }
        log.error(`Unexpected error (request ${requestIdOf(req) ?? 'unknown'}):`, error);
        res.status(500).json({ message: 'Internal Server Error' });
    };

/** The handler that logs to the console: for routers tried on their own. */
export const errorHandler = errorHandlerFor();
