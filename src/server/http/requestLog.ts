import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

/*
 * One JSON line per request, for a hosting provider's log reader: when, the method, the route's pattern
 * (`/api/:collection/:id` with the collection named: never an id, a token or a query value), the status,
 * how long it took and who asked. Each request has an id, the caller's X-Request-Id when it sends a
 * plain one, answered in X-Request-Id and named by the lines about errors.
 */

export const logLevels = ['silent', 'error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof logLevels)[number];

const plainId = /^[A-Za-z0-9._-]{1,64}$/;

/** The request's id, given by the request log. */
export const requestIdOf = (req: Request): string | undefined => (req as Request & { id?: string }).id;

/**
 * The route a request was answered by, as its pattern; the collection's name stands for `:collection`
 * (read from the path at its place: an error handler sees the parameters no more).
 */
const patternOf = (req: Request): string => {
    const path = (req.route as { path?: unknown } | undefined)?.path;
    if (typeof path !== 'string') return req.originalUrl.startsWith('/api/') ? '/api (no route)' : '(app)';
    const pattern = `${req.baseUrl}${path}`.split('/');
    const segments = req.originalUrl.split('?')[0].split('/');
    return pattern
        .map((part, index) =>
            part === ':collection' && /^[A-Za-z][A-Za-z0-9_-]*$/.test(segments[index] ?? '') ? segments[index] : part,
        )
        .join('/');
};

export const requestLog =
    (write: (line: string) => void, level: LogLevel) => (req: Request, res: Response, next: NextFunction) => {
        const given = req.get('x-request-id');
        const id = given && plainId.test(given) ? given : randomUUID();
        (req as Request & { id?: string }).id = id;
        res.setHeader('X-Request-Id', id);
        if (logLevels.indexOf(level) < logLevels.indexOf('info')) return next();
        const started = process.hrtime.bigint();
        res.once('finish', () => {
            // Set by sign-in (auth.ts) on the requests it let through.
            const user = (req as Request & { user?: { id: number } }).user;
            write(
                JSON.stringify({
                    time: new Date().toISOString(),
                    level: 'info',
                    msg: 'request',
                    requestId: id,
                    method: req.method,
                    route: patternOf(req),
                    status: res.statusCode,
                    ms: Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100,
                    userId: user?.id ?? null,
                }),
            );
        });
        next();
    };
