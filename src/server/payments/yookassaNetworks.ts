import { isIP } from 'node:net';

/*
 * Where ЮKassa's notices may come from: its networks, and whether an address is in one of them. ЮKassa
 * signs nothing it posts, so a notice from any other address is not even read.
 */

/**
 * The addresses ЮKassa posts notices from, as its official SDKs (PHP SecurityHelper, Python security_helper)
 * list them. Some integrations allow all of 2a02:5180::/32 instead of these IPv6 networks: should ЮKassa post
 * from another address of it, `noticeIps` takes the wider network (the re-fetch still decides what is true).
 */
export const yookassaNoticeIps = [
    '185.71.76.0/27',
    '185.71.77.0/27',
    '77.75.153.0/25',
    '77.75.154.128/25',
    '77.75.156.11',
    '77.75.156.35',
    '2a02:5180:0:1509::/64',
    '2a02:5180:0:2655::/64',
    '2a02:5180:0:1533::/64',
    '2a02:5180:0:2669::/64',
];

/** An address as its bytes (4 for IPv4, 16 for IPv6), or null when it is none. */
export const addressBytes = (text: string): number[] | null => {
    // A zone (fe80::1%eth0) says which interface, not which host.
    const address = text.trim().replace(/%.*$/, '');
    const version = isIP(address);
    if (version === 4) return address.split('.').map(Number);
    if (version !== 6) return null;
    // An IPv4 tail (::ffff:1.2.3.4) is written as the two groups it stands for.
    const dotted = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
    const group = (high: string, low: string) => ((Number(high) << 8) | Number(low)).toString(16);
    const hex = dotted ? `${dotted[1]}${group(dotted[2], dotted[3])}:${group(dotted[4], dotted[5])}` : address;
    const halves = hex.split('::');
    const groups = (part: string) => (part === '' ? [] : part.split(':'));
    const left = groups(halves[0]);
    const right = halves.length === 2 ? groups(halves[1]) : [];
    const zeros = halves.length === 2 ? Array<string>(8 - left.length - right.length).fill('0') : [];
    return [...left, ...zeros, ...right].flatMap(group => {
        const value = parseInt(group, 16);
        return [value >> 8, value & 0xff];
    });
};

/**
 * The IPv4 address an IPv4-mapped IPv6 one (::ffff:a.b.c.d) stands for: a server listening on both families
 * sees IPv4 senders so.
 */
export const unmapped = (bytes: number[]) =>
    bytes.length === 16 && bytes.slice(0, 10).every(byte => byte === 0) && bytes[10] === 0xff && bytes[11] === 0xff
        ? bytes.slice(12)
        : bytes;

interface Network {
    bytes: number[];
    prefix: number;
}

/** A network written as an address with an optional /prefix (none: that one address); throws when it is none. */
export const parseNetwork = (text: string): Network => {
    const [address, prefixText, ...rest] = text.trim().split('/');
    const bytes = addressBytes(address);
    const bits = bytes ? bytes.length * 8 : 0;
    const prefix = prefixText === undefined ? bits : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : -1;
    if (!bytes || rest.length > 0 || prefix < 0 || prefix > bits)
        throw new Error(`Not an address or network for ЮKassa's notices: ${text}`);
    return { bytes, prefix };
};

export const inNetwork = (bytes: number[], network: Network) => {
    if (bytes.length !== network.bytes.length) return false;
    for (let bit = 0; bit < network.prefix; bit += 8) {
        const left = Math.min(8, network.prefix - bit);
        const mask = (0xff << (8 - left)) & 0xff;
        if ((bytes[bit / 8] & mask) !== (network.bytes[bit / 8] & mask)) return false;
    }
    return true;
};
