import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, isCrawler, reloadForChunk, reloadGuardMs } from '../../src/app/errors/recovery';
import { isAppRoute } from '../../src/domain/routes';

const memoryStorage = () => {
    const values = new Map<string, string>();
    return {
        getItem: (key: string) => values.get(key) ?? null,
        setItem: (key: string, value: string) => void values.set(key, value),
    };
};

describe('error recovery', () => {
    it('reloads for a failed chunk at most once per 10 seconds', () => {
        const storage = memoryStorage();
        const reload = vi.fn();
        expect(reloadForChunk(1_000_000, storage, reload)).toBe(true);
        expect(reloadForChunk(1_000_000 + reloadGuardMs - 1, storage, reload)).toBe(false);
        expect(reloadForChunk(1_000_000 + reloadGuardMs, storage, reload)).toBe(true);
        expect(reload).toHaveBeenCalledTimes(2);
        expect(reloadGuardMs).toBe(10_000);
    });

    it('recognises failed chunk loads', () => {
        expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
        expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    });

    it('recognises crawlers and previewers, not browsers', () => {
        expect(isCrawler('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe(true);
        expect(isCrawler('Mozilla/5.0 ... Chrome-Lighthouse')).toBe(true);
        expect(isCrawler('facebookexternalhit/1.1')).toBe(true);
        expect(
            isCrawler(
                'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
            ),
        ).toBe(false);
    });
});

describe('the route table', () => {
    it('knows the seed routes and nothing else', () => {
        expect(isAppRoute('/payments/link/Zx_9-a')).toBe(true);
        expect(isAppRoute('/settings/statuses/attendance')).toBe(true);
        expect(isAppRoute('/settings/statuses/other')).toBe(false);
        expect(isAppRoute('/reports/attendances')).toBe(false);
        expect(isAppRoute('/customers/5/')).toBe(true);
    });
});
