import type { ComponentType } from 'react';
import {
    BottomNavigation,
    BottomNavigationAction,
    Box,
    Button,
    Container,
    Paper,
    ToggleButton,
    ToggleButtonGroup,
    useMediaQuery,
    type Theme,
} from '@mui/material';
import ConfirmationNumberOutlined from '@mui/icons-material/ConfirmationNumberOutlined';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import PersonOutline from '@mui/icons-material/PersonOutline';
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import { Navigate, Route, Routes } from 'react-router';
import { Bookings } from './Bookings';
import { Classes } from './Classes';
import { usePortal } from './context';
import { useI18n } from './i18n';
import { Empty } from './parts';
import { Memberships } from './Memberships';
import { Passes } from './Passes';
import { Plans } from './Plans';
import { Privacy } from './Privacy';
import { Profile } from './Profile';
import { RouterLink, usePath } from './router';
import { TopBar } from './TopBar';

/*
 * The signed-in portal: the sections in a bar at the bottom on phones and in the top bar on wider
 * screens, the switch between oneself and one's children when there are any, and the section's screen.
 */

const sections: { path: string; label: string; icon: ComponentType; screen: ComponentType }[] = [
    { path: '/', label: 'app.portal.nav.classes', icon: EventNoteOutlined, screen: Classes },
    { path: '/bookings', label: 'app.portal.nav.bookings', icon: EventAvailableOutlined, screen: Bookings },
    { path: '/passes', label: 'app.portal.nav.passes', icon: ConfirmationNumberOutlined, screen: Passes },
    { path: '/plans', label: 'app.portal.nav.plans', icon: ShoppingBagOutlined, screen: Plans },
    { path: '/profile', label: 'app.portal.nav.profile', icon: PersonOutline, screen: Profile },
];

/** Me or one of my children: whom the screens show and book for. The profile is always one's own. */
const ActingFor = () => {
    const { me, actingId, setActing } = usePortal();
    const { t } = useI18n();
    if (!me || me.wards.length === 0) return null;
    return (
        <Box sx={{ overflowX: 'auto', mb: 2 }}>
            <ToggleButtonGroup
                exclusive
                size="small"
                color="primary"
                aria-label={t('app.portal.acting.label')}
                value={actingId ?? me.customer.id}
                onChange={(_event, chosen: number | null) => {
                    if (chosen !== null) setActing(chosen === me.customer.id ? undefined : chosen);
                }}
            >
                <ToggleButton value={me.customer.id} sx={{ px: 2 }}>
                    {t('app.portal.acting.me')}
                </ToggleButton>
                {me.wards.map(ward => (
                    <ToggleButton key={ward.id} value={ward.id} sx={{ px: 2 }}>
                        {ward.firstName}
                    </ToggleButton>
                ))}
            </ToggleButtonGroup>
        </Box>
    );
};

export const SignedIn = () => {
    const { t } = useI18n();
    const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
    const path = usePath();
    const section = sections.find(candidate => candidate.path === path);
    return (
        <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
            <TopBar>
                {wide && (
                    <Box component="nav" aria-label={t('app.portal.nav.label')} sx={{ display: 'flex', gap: 0.5 }}>
                        {sections.map(item => (
                            <Button
                                key={item.path}
                                component={RouterLink}
                                href={item.path}
                                color={item === section ? 'primary' : 'inherit'}
                                aria-current={item === section ? 'page' : undefined}
                                startIcon={<item.icon />}
                                sx={{
                                    borderRadius: 20,
                                    px: 2,
                                    ...(item === section && { bgcolor: 'action.selected' }),
                                }}
                            >
                                {t(item.label)}
                            </Button>
                        ))}
                    </Box>
                )}
            </TopBar>
            <Container component="main" maxWidth="md" sx={{ pt: 2, pb: wide ? 4 : 12 }}>
                {section?.path !== '/profile' && <ActingFor />}
                <Routes>
                    {sections.map(item => (
                        <Route key={item.path} path={item.path} caseSensitive element={<item.screen />} />
                    ))}
                    <Route path="/privacy" caseSensitive element={<Privacy />} />
                    <Route path="/memberships" caseSensitive element={<Memberships />} />
                    {/* Joined or signed in again while on the join page: the classes. */}
                    <Route path="/join" caseSensitive element={<Navigate to="/" replace />} />
                    <Route
                        path="*"
                        element={
                            <Empty text={t('app.portal.common.page_not_found')}>
                                <Button variant="contained" component={RouterLink} href="/">
                                    {t('app.portal.common.home')}
                                </Button>
                            </Empty>
                        }
                    />
                </Routes>
            </Container>
            {!wide && (
                <Paper
                    component="nav"
                    aria-label={t('app.portal.nav.label')}
                    square
                    sx={{
                        position: 'fixed',
                        left: 0,
                        right: 0,
                        bottom: 0,
                        borderTop: 1,
                        borderColor: 'divider',
                        pb: 'env(safe-area-inset-bottom)',
                        zIndex: 'appBar',
                    }}
                >
                    <BottomNavigation showLabels value={section?.path ?? false}>
                        {sections.map(item => (
                            <BottomNavigationAction
                                key={item.path}
                                value={item.path}
                                label={t(item.label)}
                                icon={<item.icon />}
                                component={RouterLink}
                                href={item.path}
                                aria-current={item === section ? 'page' : undefined}
                                sx={{ minWidth: 0, px: 0.5 }}
                            />
                        ))}
                    </BottomNavigation>
                </Paper>
            )}
        </Box>
    );
};
