import type { ReactNode } from 'react';
import { AppBar, Layout as RaLayout, LoadingIndicator, LocalesMenuButton, TitlePortal } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { ErrorBoundary } from '../pages/errors/ErrorBoundary';
import { Menu } from './Menu';
import { ThemeSwitcher } from './ThemeSwitcher';
import { VersionCheck } from './VersionCheck';

const StudioAppBar = () => (
    <AppBar
        toolbar={
            <>
                <LocalesMenuButton />
                <ThemeSwitcher />
                <LoadingIndicator />
            </>
        }
    >
        <TitlePortal />
    </AppBar>
);

/** The default layout: app bar, grouped menu, and the seed's error screen around every page. */
export const Layout = ({ children }: { children: ReactNode }) => {
    const navigate = useNavigate();
    const location = useLocation();
    return (
        <RaLayout appBar={StudioAppBar} menu={Menu}>
            <ErrorBoundary goHome={() => navigate('/')} resetKey={location.pathname}>
                {children}
            </ErrorBoundary>
            <VersionCheck />
        </RaLayout>
    );
};
