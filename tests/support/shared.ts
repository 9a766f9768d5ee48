/*
 * What several projects' global setups share for one run (the app's build, the PostgreSQL cluster):
 * made by the first project that needs it, kept until the last one is done with it. Global setups run
 * in Vitest's main process, one module instance per project, so the count is kept on globalThis.
 */

interface Shared {
    ready: Promise<{ value: string; stop: () => Promise<void> }>;
    users: number;
}

const registry = ((globalThis as { __studioTestShared?: Map<string, Shared> }).__studioTestShared ??= new Map());

export const sharedForTheRun = async (
    name: string,
    make: () => Promise<{ value: string; stop: () => Promise<void> }>,
): Promise<{ value: string; release: () => Promise<void> }> => {
    let shared = registry.get(name);
    if (!shared) {
        shared = { ready: make(), users: 0 };
        registry.set(name, shared);
    }
    shared.users += 1;
    const { value, stop } = await shared.ready;
    const held = shared;
    return {
        value,
        release: async () => {
            held.users -= 1;
            if (held.users > 0) return;
            registry.delete(name);
            await stop();
        },
    };
};
