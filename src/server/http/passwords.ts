import { randomBytes, scrypt as scryptCallback, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/*
 * Passwords are stored as `scrypt$N$r$p$salt$hash` (salt and hash in base64url), so the cost can be
 * raised later without invalidating stored hashes.
 */
const N = 16384;
const r = 8;
const p = 1;
const keyLength = 32;

const scrypt = (password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> =>
    new Promise((resolve, reject) =>
        scryptCallback(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))),
    );

const format = (salt: Buffer, hash: Buffer) =>
    `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${hash.toString('base64url')}`;

export const hashPassword = async (password: string): Promise<string> => {
    const salt = randomBytes(16);
    return format(salt, await scrypt(password, salt, { N, r, p }));
};

/** For the demo data generator (src/scripts/demo): the same password and salt give the same hash. */
export const hashPasswordWithSalt = (password: string, salt: Buffer): string =>
    format(salt, scryptSync(password, salt, keyLength, { N, r, p }));

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
    const [scheme, n, rr, pp, salt, hash] = stored.split('$');
    if (scheme !== 'scrypt' || !salt || !hash) return false;
    const expected = Buffer.from(hash, 'base64url');
    const actual = await scrypt(password, Buffer.from(salt, 'base64url'), {
        N: Number(n),
        r: Number(rr),
        p: Number(pp),
        maxmem: 64 * 1024 * 1024,
    });
    return actual.length === expected.length && timingSafeEqual(actual, expected);
};

/** A hash that never verifies: spent on unknown emails so that their answer takes as long as a wrong password. */
export const decoyHash = format(Buffer.alloc(16), Buffer.alloc(keyLength));
