import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';
import { defaultThemeName, isThemeName, themes } from '../app/themes';

/*
 * The studio's default theme, light or dark, as the staff app draws it, with inputs of a size for
 * fingers: the portal is used on phones first, often outdoors.
 */

export type Mode = 'light' | 'dark';

const touchInputs = { variant: 'outlined', size: 'medium', fullWidth: true } as const;

const studioTheme = (mode: Mode): ThemeOptions => {
    const dark = `DARK_${defaultThemeName}`;
    return (mode === 'dark' && isThemeName(dark) ? themes[dark] : themes[defaultThemeName]) as ThemeOptions;
};

/**
 * On white, the studio's pale primary colours (cyan, orange) and its error colour are too faint for
 * text: links, text buttons, the chosen section and the studio's name take their darker shade. Filled buttons keep the
 * colour itself, with dark text on it.
 */
const readableText = (studio: ThemeOptions['components'] = {}): ThemeOptions['components'] => ({
    MuiLink: { defaultProps: { color: 'primary.dark' } },
    MuiButton: {
        ...studio.MuiButton,
        styleOverrides: {
            ...studio.MuiButton?.styleOverrides,
            textPrimary: ({ theme }) => ({ color: theme.palette.primary.dark }),
            outlinedPrimary: ({ theme }) => ({ color: theme.palette.primary.dark }),
            textError: ({ theme }) => ({ color: theme.palette.error.dark }),
        },
    },
    MuiBottomNavigationAction: {
        styleOverrides: { root: ({ theme }) => ({ '&.Mui-selected': { color: theme.palette.primary.dark } }) },
    },
    MuiToggleButton: {
        styleOverrides: { root: ({ theme }) => ({ '&.Mui-selected': { color: theme.palette.primary.dark } }) },
    },
});

const made: Partial<Record<Mode, Theme>> = {};

export const portalTheme = (mode: Mode): Theme => {
    const options = studioTheme(mode);
    return (made[mode] ??= createTheme({
        ...options,
        components: {
            ...options.components,
            MuiTextField: { defaultProps: touchInputs },
            MuiFormControl: { defaultProps: touchInputs },
            ...(mode === 'light' ? readableText(options.components) : {}),
        },
    }));
};
