import { useSyncExternalStore, type ComponentProps, type MouseEvent } from 'react';

/*
 * The portal's few addresses under /my, without a router library: the path is the browser's, links
 * push it to the history, and the back button works as on any site.
 */

const base = '/my';

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
    listeners.add(listener);
    window.addEventListener('popstate', listener);
    return () => {
        listeners.delete(listener);
        window.removeEventListener('popstate', listener);
    };
};

/** The path below /my: '/', '/passes', '/link/abc'. */
const currentPath = () => window.location.pathname.replace(/^\/my/, '').replace(/\/+$/, '') || '/';

export const usePath = () => useSyncExternalStore(subscribe, currentPath);

/** Goes to a path below /my ('/plans'), adding it to the history unless `replace`. */
export const navigate = (path: string, { replace = false } = {}) => {
    const url = path === '/' ? base : `${base}${path}`;
    if (url !== window.location.pathname) {
        if (replace) window.history.replaceState(null, '', url);
        else window.history.pushState(null, '', url);
    }
    window.scrollTo(0, 0);
    listeners.forEach(listener => listener());
};

/** A link within the portal: a real href (opens in a new tab too), followed without reloading the page. */
export const RouterLink = ({ href, onClick, ...props }: ComponentProps<'a'> & { href: string }) => (
    <a
        href={href === '/' ? base : `${base}${href}`}
        onClick={(event: MouseEvent<HTMLAnchorElement>) => {
            onClick?.(event);
            if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
                return;
            event.preventDefault();
            navigate(href);
        }}
        {...props}
    />
);
