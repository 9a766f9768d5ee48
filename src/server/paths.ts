import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/*
 * Where the server finds what it reads beside its code (package.json, the domain's sources, the
 * migrations): the project's folder, the nearest one above this module holding package.json. The same
 * whether the server runs from src/server through tsx or from its build in build/server.
 */

const projectRoot = (from: string): string => {
    for (let dir = from; ; dir = dirname(dir)) {
        if (existsSync(resolve(dir, 'package.json'))) return dir;
        if (dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
    }
};

export const root = projectRoot(import.meta.dirname);
