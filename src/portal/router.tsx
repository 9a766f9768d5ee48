import { useCallback, useEffect, type ComponentProps, type ReactNode } from 'react';
import { BrowserRouter, Link, useLocation, useMatch, useNavigate, useNavigationType } from 'react-router';

/*
 * The portal's addresses under /my, by react-router: the path is the browser's, links push it to the
 * history, and the back button works as on any site. The screens name paths below /my ('/passes').
 */

const basename = '/my';

/** A new screen opens at its top; going back keeps where the browser left the page. */
const ScrollToTop = () => {
    const { key } = useLocation();
    const type = useNavigationType();
    useEffect(() => {
        if (type !== 'POP') window.scrollTo(0, 0);
    }, [key, type]);
    return null;
};

export const PortalRouter = ({ children }: { children: ReactNode }) => (
    <BrowserRouter basename={basename}>
        <ScrollToTop />
        {children}
    </BrowserRouter>
);

/** The path below /my, without a trailing slash: '/', '/passes', '/link/abc'. */
export const usePath = () => useLocation().pathname.replace(/\/+$/, '') || '/';

/** The token of a sign-in link's page, /my/link/{token}, or undefined on any other page. */
export const useLinkToken = () => useMatch({ path: '/link/:token', caseSensitive: true })?.params.token;

/** Goes to a path below /my ('/plans'), adding it to the history unless `replace` or already there. */
export const useGo = () => {
    const navigate = useNavigate();
    const current = usePath();
    return useCallback(
        (path: string, { replace = false } = {}) => {
            void navigate(path, { replace: replace || path === current });
        },
        [navigate, current],
    );
};

/**
 * A link within the portal for MUI's `component` prop, which hands it `href`: a real href (opens in a new
 * tab too), followed without reloading the page.
 */
export const RouterLink = ({ href, ...props }: Omit<ComponentProps<typeof Link>, 'to'> & { href: string }) => (
    <Link to={href} {...props} />
);
