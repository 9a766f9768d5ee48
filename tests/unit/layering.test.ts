import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The app (src/app, src/resources, src/pages) talks to the server only over HTTP: what the business
 * endpoints answer is typed in src/domain/api/, which both sides import, so no screen imports the
 * server's code, not even its types.
 *
 * On the server a feature is a room (src/server/<room>/): routes.ts speaks HTTP, operations.ts holds the
 * transactions, rules.ts the write rules, and imports go routes -> operations -> rules, never back. Other
 * code uses a room through its index only, http/ and storage/ know no feature, and no two rooms import
 * each other, however indirectly.
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

/** The feature rooms of src/server so far; the rest of the server is moving into rooms one at a time. */
const rooms = [
    'money',
    'payments',
    'messages',
    'imports',
    'bookings',
    'policy',
    'timetable',
    'pay',
    'customers',
    'portal',
    'signIn',
    'statistics',
    'settings',
    'users',
    'clock',
    'demo',
    'tasks',
    'consents',
    'memberships',
    'privacy',
    'growth',
];

/** The other files of the repository a file imports (relative imports only), as paths from the root. */
const importedFiles = (file: string): string[] =>
    importsOf(file)
        .filter(target => target.startsWith('.'))
        .map(target => relative(root, resolve(file, '..', target)).replace(/\.tsx?$/, ''));

/** The room a path (from the root, without extension) is in, if any. */
const roomOf = (path: string) =>
    rooms.find(room => path.startsWith(`src/server/${room}/`) || path === `src/server/${room}`);

const serverFiles = () => sourcesUnder(join(root, 'src/server')).map(file => relative(root, file));

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

    it('keep screens from importing pages', () => {
        const screens = sourcesUnder(join(root, 'src/resources'));
        expect(screens.length).toBeGreaterThan(50);
        const crossings = screens.flatMap(file =>
            importedFiles(file)
                .filter(target => target.startsWith('src/pages/'))
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

    it('keep each room in order: routes -> operations -> rules, never back', () => {
        const order = ['routes', 'operations', 'rules'];
        const backwards = rooms.flatMap(room =>
            order.flatMap((layer, rank) => {
                const file = join(root, `src/server/${room}/${layer}.ts`);
                if (!existsSync(file)) return [];
                return importedFiles(file)
                    .filter(target => order.slice(0, rank).some(above => target === `src/server/${room}/${above}`))
                    .map(target => `src/server/${room}/${layer}.ts → ${target}`);
            }),
        );
        expect(backwards).toEqual([]);
    });

    it('let the rest of the code into a room through its index only', () => {
        // Tests may try a room's parts one by one; the product's code goes through the door.
        const files = sourcesUnder(join(root, 'src')).map(file => relative(root, file));
        const intrusions = files.flatMap(file =>
            importedFiles(join(root, file))
                .filter(target => {
                    const room = roomOf(target);
                    return (
                        room !== undefined &&
                        roomOf(file.replace(/\.tsx?$/, '')) !== room &&
                        target !== `src/server/${room}` &&
                        target !== `src/server/${room}/index`
                    );
                })
                .map(target => `${file} → ${target}`),
        );
        expect(intrusions).toEqual([]);
    });

    it('keep http/ and storage/ free of features', () => {
        const base = serverFiles().filter(file => /^src\/server\/(http|storage)\//.test(file));
        expect(base.length).toBeGreaterThan(10);
        const feature = /^src\/server\/(?!http\/|storage\/)[^/]+\//;
        const crossings = base.flatMap(file =>
            importedFiles(join(root, file))
                .filter(target => feature.test(target))
                .map(target => `${file} → ${target}`),
        );
        expect(crossings).toEqual([]);
    });

    it('let no two rooms import each other, however indirectly', () => {
        // What each server file imports, as paths from the root without extension (a folder by its index).
        const files = new Set(serverFiles().map(file => file.replace(/\.ts$/, '')));
        const targets = new Map(
            [...files].map(file => [
                file,
                importedFiles(join(root, `${file}.ts`))
                    .map(target => (files.has(target) ? target : `${target}/index`))
                    .filter(target => files.has(target)),
            ]),
        );
        // A room uses another when one of its files imports it, directly or through code of no room.
        const edges = new Map(rooms.map(room => [room, new Set<string>()]));
        for (const file of files) {
            const from = roomOf(file);
            if (!from) continue;
            const seen = new Set<string>();
            const walk = (target: string) => {
                if (seen.has(target)) return;
                seen.add(target);
                const to = roomOf(target);
                if (to === from) return;
                if (to) edges.get(from)?.add(to);
                else (targets.get(target) ?? []).forEach(walk);
            };
            (targets.get(file) ?? []).forEach(walk);
        }
        const reaches = (from: string, to: string, seen = new Set<string>()): boolean =>
            [...(edges.get(from) ?? [])].some(
                next => next === to || (!seen.has(next) && (seen.add(next), reaches(next, to, seen))),
            );
        expect(rooms.filter(room => reaches(room, room))).toEqual([]);
    });

    it('type the server without double casts', () => {
        const casts = serverFiles().filter(file => readFileSync(join(root, file), 'utf8').includes('as unknown as'));
        expect(casts).toEqual([]);
    });
});

/*
 * Files stay small enough to read (the message catalogues aside). The ones still over the limit are
 * named here until they are split; none may join them.
 */
describe('the files', () => {
    const limit = 300;
    const stillLong: string[] = [];

    it(`keep under ${limit} lines, but for those still to split`, () => {
        const long = sourcesUnder(join(root, 'src'))
            .map(file => relative(root, file))
            .filter(file => !/\/i18n\//.test(file))
            .filter(file => readFileSync(join(root, file), 'utf8').split('\n').length - 1 > limit);
        expect(long.filter(file => !stillLong.includes(file))).toEqual([]);
    });
});
