import express, { Router } from 'express';
import { createAuth, type AuthOptions } from './auth';
import { collectionRoutes } from './crud';
import { errorHandler, notFound } from './errors';
import { featureRoutes, mountAll, publicRoutes } from './features';
import { appFiles } from './static';
import type { Storage } from './storage/types';

export interface ServerOptions {
    storage: Storage;
    distDir: string;
    auth: AuthOptions;
}

/** The whole server: the API under /api over the database file, and the built app for every other path. */
export const createApp = (options: ServerOptions) => {
    const { storage } = options;
    const auth = createAuth(storage, options.auth);

    const api = Router();
    api.use((req, _res, next) => {
        // json-server's method override is not part of this API: a POST is a POST.
        delete req.headers['x-http-method-override'];
        next();
    });
    api.use(express.json({ limit: '1mb', strict: true, type: ['application/json', 'application/*+json'] }));
    api.post('/auth/login', auth.login);
    api.use(mountAll(publicRoutes(storage)));
    api.use(auth.authenticate);
    api.get('/auth/me', auth.me);
    api.use(mountAll(featureRoutes(storage)));
    api.use(collectionRoutes(storage));
    api.use((req, _res, next) => next(notFound(`No API route for ${req.method} ${req.path}`)));
    api.use(errorHandler);

    const app = express();
    app.disable('x-powered-by');
    app.set('etag', false);
    app.use((_req, res, next) => {
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.setHeader('Referrer-Policy', 'same-origin');
        next();
    });
    app.use('/api', api);
    app.use(appFiles(options.distDir));
    app.use(errorHandler);
    return { app, storage };
};
