import type { ReactNode } from 'react';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import PhonelinkErase from '@mui/icons-material/PhonelinkErase';
import {
    AppBar,
    Layout as RaLayout,
    LoadingIndicator,
    Logout,
    TitlePortal,
    UserMenu,
    useLogout,
    useTranslate,
    useUserMenu,
} from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { ErrorBoundary } from './errors/ErrorBoundary';
import { LanguageMenu } from './LanguageMenu';
import { Menu } from './Menu';
import { ThemeSwitcher } from './ThemeSwitcher';
import { VersionCheck } from './VersionCheck';

/** Ends every sign-in of the account, on every device (a lost phone, a shared login given up). */
const SignOutEverywhere = () => {
    const logout = useLogout();
    const translate = useTranslate();
    const menu = useUserMenu();
    return (
        <MenuItem
            onClick={() => {
                menu?.onClose();
                void logout({ everywhere: true });
            }}
        >
            <ListItemIcon>
                <PhonelinkErase fontSize="small" />
            </ListItemIcon>
            <ListItemText>{translate('app.auth.sign_out_everywhere')}</ListItemText>
        </MenuItem>
    );
};

/** Signing out ends this device's sign-in; "Sign out everywhere" ends them all. */
const StudioUserMenu = () => (
    <UserMenu>
        <Logout />
        <SignOutEverywhere />
    </UserMenu>
);

/**
 * A long title ends in an ellipsis. React-admin puts it in an inline block, which the bar would cut
 * whole: the block is kept to the title's width and ends in the ellipsis itself.
 */
const titleEllipsis = {
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    '& > *': { maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', verticalAlign: 'top' },
};

/**
 * On a phone the bar keeps to icons (the language switch is its icon and a menu) and a long title ends
 * in an ellipsis, so that nothing in the bar covers the page's title.
 */
const StudioAppBar = () => (
    <AppBar
        userMenu={<StudioUserMenu />}
        toolbar={
            <>
                <LanguageMenu />
                <ThemeSwitcher />
                <LoadingIndicator />
            </>
        }
    >
        <TitlePortal sx={titleEllipsis} />
    </AppBar>
);

/** The default layout: app bar, grouped menu, and the seed's error screen around every page. */
export const Layout = ({ children }: { children: ReactNode }) => {
    const navigate = useNavigate();
    const location = useLocation();
    return (
        // The page may be narrower than a wide table in it: the table scrolls in its own box, not the whole page.
        <RaLayout appBar={StudioAppBar} menu={Menu} sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }}>
            <ErrorBoundary goHome={() => navigate('/')} resetKey={location.pathname}>
                {children}
            </ErrorBoundary>
            <VersionCheck />
        </RaLayout>
    );
};
