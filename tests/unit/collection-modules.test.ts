import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectionNames, declarations } from '../../src/domain/collections';
import { studioCollectionNames } from '../../src/domain/roles';

/*
 * A collection is one module in src/domain/collections (its schemas and its declaration) with its grants
 * beside it in a module the sign-in page can load; the index lists each module once.
 */

const folder = resolve(import.meta.dirname, '../../src/domain/collections');
const source = (file: string) => readFileSync(join(folder, file), 'utf8');
/** The files of the folder that are not a collection's. */
const shared = ['index.ts', 'declare.ts', 'access.ts'];

describe('the collection modules', () => {
    it.each(studioCollectionNames)('%s has its module and its grants', async name => {
        expect(existsSync(join(folder, `${name}.ts`))).toBe(true);
        expect(existsSync(join(folder, `${name}.grants.ts`))).toBe(true);
        const module: Record<string, unknown> = await import(`../../src/domain/collections/${name}.ts`);
        expect(module[name]).toBe(declarations[name]);
        const grants: Record<string, unknown> = await import(`../../src/domain/collections/${name}.grants.ts`);
        expect(grants.grants).toBeTypeOf('object');
    });

    it('are listed by the index once each, and are every collection there is', () => {
        const index = source('index.ts');
        for (const name of studioCollectionNames) {
            expect(index.match(new RegExp(`from '\\./${name}';`, 'g')), name).toHaveLength(1);
        }
        expect([...collectionNames].sort()).toEqual([...studioCollectionNames].sort());
        expect(new Set(collectionNames).size).toBe(collectionNames.length);
        const files = readdirSync(folder).filter(file => !shared.includes(file));
        const expected = studioCollectionNames.flatMap(name => [`${name}.ts`, `${name}.grants.ts`]);
        expect(files.sort()).toEqual(expected.sort());
    });

    it('keep the grants free of schemas: they import nothing but what roles may do', () => {
        const heavy = [...studioCollectionNames.map(name => `${name}.grants.ts`), 'access.ts'].filter(file =>
            [...source(file).matchAll(/from '([^']+)'/g)].some(
                ([, target]) => !['./access', '../roles'].includes(target),
            ),
        );
        expect(heavy).toEqual([]);
        const roles = readFileSync(resolve(folder, '../roles.ts'), 'utf8');
        const rolesImports = [...roles.matchAll(/from '([^']+)'/g)].map(([, target]) => target);
        expect(rolesImports.filter(target => !/^\.\/collections\/(access|\w+\.grants)$/.test(target))).toEqual([]);
    });
});
