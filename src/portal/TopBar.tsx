import { useState, type ReactNode } from 'react';
import { AppBar, Box, IconButton, Menu, MenuItem, Toolbar, Typography } from '@mui/material';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import Translate from '@mui/icons-material/Translate';
import { usePortal } from './context';
import { locales, useI18n } from './i18n';
import { RouterLink } from './router';

/** The bar on top of every screen: the studio's name (home), what the screen adds (the sections on wide screens), the language and the theme. */
export const TopBar = ({ children }: { children?: ReactNode }) => {
    const { setup, mode, setMode } = usePortal();
    const { t, locale, setLocale } = useI18n();
    const [menu, setMenu] = useState<HTMLElement | null>(null);
    const themeLabel = t(mode === 'dark' ? 'app.portal.theme.light' : 'app.portal.theme.dark');
    return (
        <AppBar position="sticky" color="secondary">
            <Toolbar sx={{ gap: 1 }}>
                <Typography
                    variant="h6"
                    component={RouterLink}
                    href="/"
                    // The studio's pale colour is too faint for text on white: its darker shade there.
                    color={mode === 'light' ? 'primary.dark' : 'primary'}
                    noWrap
                    sx={{ fontWeight: 700, textDecoration: 'none', minWidth: 0, flexShrink: 1 }}
                >
                    {setup.studioName}
                </Typography>
                <Box sx={{ flex: 1, display: 'flex', justifyContent: 'center', minWidth: 0 }}>{children}</Box>
                {/* A title rather than MUI's tooltip: the hint on hover without a popper in the first chunk. */}
                <IconButton
                    aria-label={t('app.portal.language')}
                    title={t('app.portal.language')}
                    aria-haspopup="menu"
                    onClick={event => setMenu(event.currentTarget)}
                    color="inherit"
                >
                    <Translate />
                </IconButton>
                <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
                    {locales.map(option => (
                        <MenuItem
                            key={option.locale}
                            selected={option.locale === locale}
                            lang={option.locale}
                            onClick={() => {
                                setMenu(null);
                                setLocale(option.locale);
                            }}
                        >
                            {option.name}
                        </MenuItem>
                    ))}
                </Menu>
                <IconButton
                    aria-label={themeLabel}
                    title={themeLabel}
                    onClick={() => setMode(mode === 'dark' ? 'light' : 'dark')}
                    color="inherit"
                >
                    {mode === 'dark' ? <LightModeOutlined /> : <DarkModeOutlined />}
                </IconButton>
            </Toolbar>
        </AppBar>
    );
};
