import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Router } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { isAppRoute } from '../../domain/routes';

/** The customers' portal: /my and every path below it, answered with the portal's own page. */
const portalPath = /^\/my(\/.*)?$/;

/**
 * The built app. Files are sent as the build's brotli or gzip copy when the browser accepts one (brotli
 * first), with `Vary: Accept-Encoding`. Known routes get index.html with 200; any other path gets it
 * too, but with 404, so the app shows its not-found page and crawlers and monitors see the right status.
 * A prototype collection's screens (/rooms, /rooms/3/show) are known routes while the collection exists.
 * The customers' portal (/my, /my/link/…) gets its page, src/portal/index.html of the build, with 200:
 * it shows its own not-found page.
 */
export const appFiles = (
    distDir: string,
    isPrototypeScreen: (path: string) => Promise<boolean> = async () => false,
): Router => {
    const router = Router();
    const indexFile = join(distDir, 'index.html');
    const portalFile = join(distDir, 'src', 'portal', 'index.html');
    router.use(
        expressStaticGzip(distDir, {
            enableBrotli: true,
            orderPreference: ['br', 'gz'],
            index: false,
            serveStatic: {
                index: false,
                setHeaders: (res, path) => {
                    // Hashed assets never change; index.html and build.json must be revalidated.
                    res.setHeader(
                        'Cache-Control',
                        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
                    );
                },
            },
        }),
    );
    router.get(portalPath, (_req, res) => {
        if (!existsSync(portalFile)) {
            res.status(503).type('text/plain').send('The app is not built yet: run npm run build.');
            return;
        }
        res.setHeader('Cache-Control', 'no-cache');
        res.type('html').send(readFileSync(portalFile));
    });
    router.get('*', (req, res, next) => {
        if (!existsSync(indexFile)) {
            res.status(503).type('text/plain').send('The app is not built yet: run npm run build.');
            return;
        }
        const looksLikeFile = /\.[a-z0-9]+$/i.test(req.path);
        const known = isAppRoute(req.path)
            ? Promise.resolve(true)
            : looksLikeFile
              ? Promise.resolve(false)
              : isPrototypeScreen(req.path);
        known.then(found => {
            res.status(found ? 200 : 404);
            if (looksLikeFile) {
                res.type('text/plain').send('Not found');
                return;
            }
            res.setHeader('Cache-Control', 'no-cache');
            res.type('html').send(readFileSync(indexFile));
        }, next);
    });
    return router;
};
