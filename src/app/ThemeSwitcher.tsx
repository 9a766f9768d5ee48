import CheckIcon from '@mui/icons-material/Check';
import PaletteOutlinedIcon from '@mui/icons-material/PaletteOutlined';
import { Box, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { useStore, useTranslate } from 'react-admin';
import {
    defaultThemeName,
    isDarkTheme,
    themeLabel,
    themeNames,
    themeStoreKey,
    themes,
    themeSwatch,
    type ThemeName,
} from './themes';

/** A dot of the theme's primary colour; dark themes get a ring of their background so they read as dark. */
const Swatch = ({ name }: { name: ThemeName }) => {
    const background = themes[name].palette?.background?.default;
    return (
        <Box
            component="span"
            aria-hidden
            sx={{
                display: 'inline-block',
                width: 20,
                height: 20,
                borderRadius: '50%',
                bgcolor: themeSwatch(name),
                border: isDarkTheme(name) ? `4px solid ${background}` : '1px solid rgba(0, 0, 0, 0.12)',
                boxSizing: 'border-box',
            }}
        />
    );
};

/** The app-bar button that picks one of the twelve themes and remembers the choice in the store. */
export const ThemeSwitcher = () => {
    const translate = useTranslate();
    const [themeName, setThemeName] = useStore<ThemeName>(themeStoreKey, defaultThemeName);
    const [anchor, setAnchor] = useState<HTMLElement | null>(null);
    const title = translate('app.theme.title');

    const open = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
    const close = () => setAnchor(null);
    const choose = (name: ThemeName) => {
        setThemeName(name);
        close();
    };

    return (
        <>
            <Tooltip title={title}>
                <IconButton
                    color="inherit"
                    aria-label={title}
                    aria-haspopup="menu"
                    aria-controls={anchor ? 'theme-menu' : undefined}
                    aria-expanded={anchor ? 'true' : undefined}
                    onClick={open}
                >
                    <PaletteOutlinedIcon />
                </IconButton>
            </Tooltip>
            <Menu id="theme-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
                {themeNames.map(name => (
                    <MenuItem key={name} data-theme={name} selected={name === themeName} onClick={() => choose(name)}>
                        <ListItemIcon>
                            <Swatch name={name} />
                        </ListItemIcon>
                        <ListItemText>{translate(themeLabel(name))}</ListItemText>
                        <CheckIcon
                            fontSize="small"
                            sx={{ ml: 2, visibility: name === themeName ? 'visible' : 'hidden' }}
                        />
                    </MenuItem>
                ))}
            </Menu>
        </>
    );
};
