import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The app (src/app, src/resources, src/pages) talks to the server only over HTTP: what the business
 * endpoints answer is typed in src/domain/api.ts, which both sides import, so no screen imports the
 * server's code, not even its types.
 */

const root = resolve(import.meta.dirname, '../..');

const sourcesUnder = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap(entry =>
        entry.isDirectory()
            ? sourcesUnder(join(folder, entry.name))
            : /\.tsx?$/.test(entry.name)
              ? [join(folder, entry.name)]
              : [],
    );

const importsOf = (file: string) =>
    [...readFileSync(file, 'utf8').matchAll(/\bfrom\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g)].map(
        match => match[1] ?? match[2],
    );

describe('the layers', () => {
    it('keep the app from importing the server', () => {
        const app = ['src/app', 'src/resources', 'src/pages'].flatMap(folder => sourcesUnder(join(root, folder)));
        expect(app.length).toBeGreaterThan(50);
        const crossings = app.flatMap(file =>
            importsOf(file)
                .filter(
                    target =>
                        target.startsWith('.') && relative(root, resolve(file, '..', target)).startsWith('src/server'),
                )
                .map(target => `${relative(root, file)} → ${target}`),
        );
        expect(crossings).toEqual([]);
    });

    it('keep the domain free of the server and the app', () => {
        const domain = sourcesUnder(join(root, 'src/domain'));
        const crossings = domain.flatMap(file =>
            importsOf(file)
                .filter(
                    target =>
                        target.startsWith('.') && !relative(root, resolve(file, '..', target)).startsWith('src/domain'),
                )
                .map(target => `${relative(root, file)} → ${target}`),
        );
        expect(crossings).toEqual([]);
    });
});
