/** A catalogue's keys as polyglot sees them (nested objects joined with dots), each with its text. */
export const flatten = (messages: object, prefix = ''): Map<string, string> => {
    const keys = new Map<string, string>();
    for (const [key, value] of Object.entries(messages)) {
        const path = prefix ? `${prefix}.${key}` : key;
        if (typeof value === 'string') keys.set(path, value);
        else if (value && typeof value === 'object') for (const entry of flatten(value, path)) keys.set(...entry);
    }
    return keys;
};
