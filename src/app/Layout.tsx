import type { ReactNode } from 'react';
import { Box, ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import PhonelinkErase from '@mui/icons-material/PhonelinkErase';
import {
    AppBar,
    Layout as RaLayout,
    LoadingIndicator,
    LocalesMenuButton,
    Logout,
    TitlePortal,
    UserMenu,
    useLogout,
    useTranslate,
    useUserMenu,
} from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { ErrorBoundary } from '../pages/errors/ErrorBoundary';
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
 * On a phone the bar keeps to icons (the language button shows no name) and a long title ends in an
 * ellipsis, so that nothing in the bar covers the page's title.
 */
const StudioAppBar = () => (
    <AppBar
        userMenu={<StudioUserMenu />}
        toolbar={
            <>
                <Box
                    sx={{
                        '& .MuiButton-root': { fontSize: { xs: 0, sm: '0.875rem' }, minWidth: 0 },
                        '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } },
                    }}
                >
                    <LocalesMenuButton />
                </Box>
                <ThemeSwitcher />
                <LoadingIndicator />
            </>
        }
    >
        <TitlePortal sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} />
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
