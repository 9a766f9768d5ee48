import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import { AppBar, Layout as RaLayout, LoadingIndicator, LocalesMenuButton, TitlePortal } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { ErrorBoundary } from '../pages/errors/ErrorBoundary';
import { Menu } from './Menu';
import { ThemeSwitcher } from './ThemeSwitcher';
import { VersionCheck } from './VersionCheck';

/**
 * On a phone the bar keeps to icons (the language button shows no name) and a long title ends in an
 * ellipsis, so that nothing in the bar covers the page's title.
 */
const StudioAppBar = () => (
    <AppBar
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
