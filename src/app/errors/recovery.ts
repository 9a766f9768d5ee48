/** Crawlers and previewers get no error page: the error is only logged (the seed's rule). */
export const isCrawler = (userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent) =>
    /bot|crawl|spider|lighthouse|facebookexternalhit|facebook|google/i.test(userAgent);

/** A code chunk that failed to load: an old tab after a new release, or a dropped connection. */
export const isChunkLoadError = (error: unknown) =>
    error instanceof Error &&
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
        error.message,
    );

const reloadKey = 'studio.chunkReloadAt';
export const reloadGuardMs = 10_000;

/**
 * Reloads the page to fetch the new chunks, at most once per 10 seconds so that a chunk that is really
 * gone does not reload the page forever. Answers whether it reloaded.
 */
export const reloadForChunk = (
    now = Date.now(),
    storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
    reload = () => window.location.reload(),
) => {
    const last = Number(storage.getItem(reloadKey) ?? 0);
    if (now - last < reloadGuardMs) return false;
    storage.setItem(reloadKey, String(now));
    reload();
    return true;
};
