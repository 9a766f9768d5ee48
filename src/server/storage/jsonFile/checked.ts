import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { crc32 } from 'node:zlib';
import { root } from '../../paths';

/*
 * Checking every record of a large database against its schema takes longer than everything else at
 * start-up together. A file this server wrote from memory it had already checked need not be checked
 * again: beside it, DB_FILE.checked remembers its size and checksum and the version of the rules it was
 * checked by. A file that differs in any byte, or rules that changed since, are checked in full.
 */

const rulesFiles = [
    'schemas.ts',
    'fields.ts',
    'collections.ts',
    'validation.ts',
    'audit.ts',
    'payPeriods.ts',
    'statuses.ts',
    'prototypes.ts',
    'roles.ts',
];

/** A fingerprint of the rules a database is checked by: the source of the domain's schemas. */
const rulesVersion = (() => {
    try {
        const domain = resolve(root, 'src/domain');
        // Each collection's schemas are in its own module under collections/.
        const modules = readdirSync(resolve(domain, 'collections'))
            .sort()
            .map(name => `collections/${name}`);
        return [...rulesFiles, ...modules]
            .reduce((sum, name) => crc32(readFileSync(resolve(domain, name)), sum), 0)
            .toString(16);
    } catch {
        return undefined;
    }
})();

interface Checked {
    size: number;
    crc32: string;
    rules: string;
}

const checkedFile = (file: string) => `${file}.checked`;

/** Was this exact content written by a server that had checked it under the same rules. */
export const alreadyChecked = (file: string, content: Buffer): boolean => {
    if (!rulesVersion) return false;
    try {
        const checked = JSON.parse(readFileSync(checkedFile(file), 'utf8')) as Checked;
        return (
            checked.rules === rulesVersion &&
            checked.size === content.length &&
            checked.crc32 === crc32(content).toString(16)
        );
    } catch {
        return false;
    }
};

/** Remembers that the file now holds checked content of this size and checksum. A lost or torn note only means a full check next time. */
export const rememberChecked = (file: string, size: number, checksum: number) => {
    if (!rulesVersion) return;
    const note: Checked = { size, crc32: checksum.toString(16), rules: rulesVersion };
    try {
        writeFileSync(checkedFile(file), JSON.stringify(note));
    } catch {
        // Only a speed-up: the next start checks the file in full.
    }
};
