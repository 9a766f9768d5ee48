declare const __BUILD_ID__: string;

/** The id this bundle was built with; the server serves the latest one at /build.json. */
const buildId = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev';

export const versionCheckIntervalMs = 5 * 60_000;

/** Answers whether a newer build than this one is served. A failed check says nothing. */
export const newVersionAvailable = async (fetcher: typeof fetch = fetch): Promise<boolean> => {
    try {
        const response = await fetcher(`/build.json?ts=${Date.now()}`, { cache: 'no-store' });
        if (!response.ok) return false;
        const latest = (await response.json()) as { buildId?: string };
        return !!latest.buildId && latest.buildId !== buildId;
    } catch {
        return false;
    }
};
