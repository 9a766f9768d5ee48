import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectionNames, declarations } from '../../src/domain/collections';
import * as manifest from '../../src/domain/collections/manifest';
import { studioCollectionNames } from '../../src/domain/roles';

/*
 * A collection is one module in src/domain/collections (its schemas and its declaration) with its grants
 * beside it in a module the sign-in page can load; the manifest lists each grants module once, and
 * modules.ts each module once, under the same names.
 */

const folder = resolve(import.meta.dirname, '../../src/domain/collections');
const source = (file: string) => readFileSync(join(folder, file), 'utf8');
/** The files of the folder that are not a collection's. */
const shared = ['index.ts', 'declare.ts', 'access.ts', 'resource.ts', 'manifest.ts', 'modules.ts'];
/** What each line of a list names: `export * as users from './users.grants';` names users and ./users.grants. */
const lines = (file: string, line: RegExp) =>
    [...source(file).matchAll(line)].map(([, name, target]) => [name, target]);

describe('the collection modules', () => {
    it.each(studioCollectionNames)('%s has its module and its grants', async name => {
        expect(existsSync(join(folder, `${name}.ts`))).toBe(true);
        expect(existsSync(join(folder, `${name}.grants.ts`))).toBe(true);
        const module: Record<string, unknown> = await import(`../../src/domain/collections/${name}.ts`);
        expect(module[name]).toBe(declarations[name]);
        const grants: Record<string, unknown> = await import(`../../src/domain/collections/${name}.grants.ts`);
        expect(grants.grants).toBeTypeOf('object');
        expect(manifest[name].grants).toBe(grants.grants);
    });

    it('are listed by the manifest and by modules.ts once each, and are every collection there is', () => {
        const listed = lines('manifest.ts', /^export \* as (\w+) from '\.\/([\w.]+)';$/gm).sort();
        expect(listed).toEqual(studioCollectionNames.map(name => [name, `${name}.grants`]).sort());
        const modules = lines('modules.ts', /^export \{ (\w+) \} from '\.\/(\w+)';$/gm).sort();
        expect(modules).toEqual(studioCollectionNames.map(name => [name, name]).sort());
        expect(source('index.ts').match(/from '\.\/modules';/g)).toHaveLength(1);
        expect([...collectionNames].sort()).toEqual([...studioCollectionNames].sort());
        expect(Object.keys(manifest).sort()).toEqual([...studioCollectionNames].sort());
        expect(new Set(collectionNames).size).toBe(collectionNames.length);
        const files = readdirSync(folder).filter(file => !shared.includes(file));
        const expected = studioCollectionNames.flatMap(name => [`${name}.ts`, `${name}.grants.ts`]);
        expect(files.sort()).toEqual(expected.sort());
    });

    it('keep db.json’s order of the collections', () => {
        const database = readFileSync(resolve(folder, '../../../db.json'), 'utf8');
        const keys = [...database.matchAll(/^ {2}"(\w+)": \[/gm)].map(([, key]) => key);
        // A collection added since the demo was last generated (addedLater) is not in it until it is generated again.
        const inDemo = (names: readonly string[]) =>
            names.filter(name => keys.includes(name) || !declarations[name as keyof typeof declarations].addedLater);
        expect(inDemo(collectionNames)).toEqual(keys);
        expect(inDemo(Object.keys(declarations))).toEqual(keys);
        expect(inDemo(studioCollectionNames)).toEqual(keys);
    });

    it('keep the grants free of schemas: they import nothing but what roles may do', () => {
        const light = ['./access', './resource', '../roles'];
        const heavy = [...studioCollectionNames.map(name => `${name}.grants.ts`), 'access.ts', 'resource.ts'].filter(
            file => [...source(file).matchAll(/from '([^']+)'/g)].some(([, target]) => !light.includes(target)),
        );
        expect(heavy).toEqual([]);
        const manifestImports = [...source('manifest.ts').matchAll(/from '([^']+)'/g)].map(([, target]) => target);
        expect(manifestImports.filter(target => !/^\.\/\w+\.grants$/.test(target))).toEqual([]);
        const roles = readFileSync(resolve(folder, '../roles.ts'), 'utf8');
        const rolesImports = [...roles.matchAll(/from '([^']+)'/g)].map(([, target]) => target);
        expect(rolesImports.filter(target => !/^\.\/collections\/(access|manifest|\w+\.grants)$/.test(target))).toEqual(
            [],
        );
    });
});
