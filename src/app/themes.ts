import type { RaThemeOptions } from 'react-admin';

/*
 * The twelve colour themes of the seed: six light ones and their dark twins, which share the primary
 * colour. Built as plain theme options (not merged over react-admin's default theme) so that every
 * colour the seed fixes is stated once here and nothing of the default filled look leaks through.
 */
export const themeNames = [
    'BLUE_THEME',
    'AQUA_THEME',
    'PURPLE_THEME',
    'GREEN_THEME',
    'CYAN_THEME',
    'ORANGE_THEME',
    'DARK_BLUE_THEME',
    'DARK_AQUA_THEME',
    'DARK_PURPLE_THEME',
    'DARK_GREEN_THEME',
    'DARK_CYAN_THEME',
    'DARK_ORANGE_THEME',
] as const;

export type ThemeName = (typeof themeNames)[number];

export const defaultThemeName: ThemeName = 'CYAN_THEME';

/** The key under which react-admin's store keeps the chosen theme; the App reads the same key. */
export const themeStoreKey = 'themeName';

type Hue = 'BLUE' | 'AQUA' | 'PURPLE' | 'GREEN' | 'CYAN' | 'ORANGE';

// Secondary colours are not fixed by the seed: these are the companions of each primary in the
// template family the seed's palette comes from.
const hues: Record<Hue, { primary: string; secondary: string }> = {
    BLUE: { primary: '#5D87FF', secondary: '#49BEFF' },
    AQUA: { primary: '#0074BA', secondary: '#47D7BC' },
    PURPLE: { primary: '#763EBD', secondary: '#95CFD5' },
    GREEN: { primary: '#0A7EA4', secondary: '#CCDA4E' },
    CYAN: { primary: '#01C0C8', secondary: '#FB9678' },
    ORANGE: { primary: '#FA896B', secondary: '#0074BA' },
};

const shared = { error: '#FA896B', warning: '#FFAE1F', info: '#539BFF', success: '#13DEB9' };

const light = { background: '#ffffff', border: '#e5eaef', text: '#2A3547', textSecondary: '#5A6A85' };
const dark = { border: '#333F55', text: '#EAEFF4', textSecondary: '#7C8FAC' };
const darkBackground = (hue: Hue) => (hue === 'BLUE' ? '#2a3447' : '#171c23');

// Fonts the machines already have: the app must not fetch a web font.
const fontFamily = '"Plus Jakarta Sans", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

const hueOf = (name: ThemeName): Hue => name.replace(/^DARK_/, '').replace(/_THEME$/, '') as Hue;

export const isDarkTheme = (name: ThemeName): boolean => name.startsWith('DARK_');

export const isThemeName = (value: unknown): value is ThemeName =>
    typeof value === 'string' && (themeNames as readonly string[]).includes(value);

/** The i18n key of a theme's name, e.g. `app.theme.DARK_CYAN_THEME`. */
export const themeLabel = (name: ThemeName): string => `app.theme.${name}`;

/** The colour that stands for a theme in the theme menu. */
export const themeSwatch = (name: ThemeName): string => hues[hueOf(name)].primary;

interface Colours {
    mode: 'light' | 'dark';
    primary: string;
    secondary: string;
    success: string;
    warning: string;
    background: string;
    border: string;
    text: string;
    textSecondary: string;
}

const coloursOf = (name: ThemeName): Colours => {
    const hue = hueOf(name);
    if (isDarkTheme(name)) {
        return {
            mode: 'dark',
            ...hues[hue],
            success: shared.success,
            warning: shared.warning,
            background: darkBackground(hue),
            border: dark.border,
            text: dark.text,
            textSecondary: dark.textSecondary,
        };
    }
    return {
        mode: 'light',
        ...hues[hue],
        success: hue === 'CYAN' || hue === 'ORANGE' ? '#00e676' : shared.success,
        warning: hue === 'ORANGE' ? '#ffe57f' : shared.warning,
        background: light.background,
        border: light.border,
        text: light.text,
        textSecondary: light.textSecondary,
    };
};

// Inputs everywhere (react-admin's inputs render these MUI components) are outlined and full width,
// at react-admin's usual size so that forms keep their rhythm.
const inputDefaults = { variant: 'outlined', margin: 'dense', size: 'small', fullWidth: true } as const;

const listItemHeight = { minHeight: 45 };

// MUI keeps 14px between a tooltip and its anchor on top of the popper offset; the seed asks for 10.
const tooltipMargins = Object.fromEntries(
    ['top', 'bottom', 'left', 'right'].map(side => [
        `.MuiTooltip-popper[data-popper-placement*="${side}"] &`,
        { margin: 0 },
    ]),
);

const buildTheme = (name: ThemeName): RaThemeOptions => {
    const colours = coloursOf(name);
    const isLight = colours.mode === 'light';
    const cardShadow = isLight
        ? 'rgba(145, 158, 171, 0.3) 0 0 2px 0, rgba(145, 158, 171, 0.12) 0 12px 24px -4px'
        : 'none';
    return {
        palette: {
            mode: colours.mode,
            primary: { main: colours.primary },
            secondary: { main: colours.secondary },
            error: { main: shared.error },
            warning: { main: colours.warning },
            info: { main: shared.info },
            success: { main: colours.success },
            background: { default: colours.background, paper: colours.background },
            divider: colours.border,
            text: { primary: colours.text, secondary: colours.textSecondary },
        },
        shape: { borderRadius: 7 },
        typography: {
            fontFamily,
            h1: { fontWeight: 600 },
            h2: { fontWeight: 600 },
            h3: { fontWeight: 600 },
            h4: { fontWeight: 600 },
            h5: { fontWeight: 600 },
            h6: { fontWeight: 600 },
            button: { textTransform: 'none', fontWeight: 600 },
        },
        sidebar: { width: 250, closedWidth: 55 },
        components: {
            MuiTextField: { defaultProps: inputDefaults },
            MuiFormControl: { defaultProps: inputDefaults },
            MuiSelect: { defaultProps: { variant: 'outlined' } },
            MuiAutocomplete: { defaultProps: { fullWidth: true } },
            MuiButton: {
                defaultProps: { disableElevation: true },
                styleOverrides: { root: { borderRadius: 20 } },
            },
            MuiCard: {
                styleOverrides: {
                    root: {
                        borderRadius: 12,
                        boxShadow: cardShadow,
                        // On dark backgrounds a shadow is invisible: a border sets the card apart.
                        ...(isLight ? {} : { border: `1px solid ${colours.border}` }),
                    },
                },
            },
            MuiPaper: {
                // MUI lightens dark papers with an overlay by elevation; the seed fixes the paper colour.
                styleOverrides: { root: { backgroundImage: 'none' } },
            },
            // react-admin's app bar uses the secondary colour: a light bar with the page's text colour
            // reads well under every primary, including the pale cyan and orange ones.
            MuiAppBar: {
                defaultProps: { elevation: 0 },
                styleOverrides: {
                    colorSecondary: {
                        backgroundColor: colours.background,
                        color: colours.text,
                        borderBottom: `1px solid ${colours.border}`,
                    },
                },
            },
            MuiListItem: { styleOverrides: { root: listItemHeight } },
            MuiListItemButton: { styleOverrides: { root: listItemHeight } },
            MuiMenuItem: { styleOverrides: { root: listItemHeight } },
            MuiTooltip: {
                defaultProps: {
                    placement: 'top',
                    slotProps: { popper: { modifiers: [{ name: 'offset', options: { offset: [0, 10] } }] } },
                },
                styleOverrides: { tooltip: tooltipMargins },
            },
            // The page never grows wider than the screen: a wide table scrolls sideways inside its card (a grid
            // track of minmax(0, 1fr) stops the table's own width from reaching the layout).
            RaLayout: { styleOverrides: { root: { '& .RaLayout-content': { minWidth: 0 } } } },
            RaDataTable: {
                styleOverrides: {
                    root: {
                        '& .RaDataTable-tableWrapper': {
                            display: 'grid',
                            gridTemplateColumns: 'minmax(0, 1fr)',
                            overflowX: 'auto',
                        },
                    },
                },
            },
            RaMenuItemLink: {
                styleOverrides: {
                    root: {
                        '&.RaMenuItemLink-active': {
                            color: colours.text,
                            fontWeight: 600,
                            backgroundColor: `${colours.primary}24`,
                            '& .RaMenuItemLink-icon': { color: colours.primary },
                        },
                    },
                },
            },
        },
    };
};

export const themes = Object.fromEntries(themeNames.map(name => [name, buildTheme(name)])) as Record<
    ThemeName,
    RaThemeOptions
>;

/** The theme to use for a stored value, which may be missing or stale (a theme since renamed). */
export const themeFor = (name: unknown): RaThemeOptions => themes[isThemeName(name) ? name : defaultThemeName];
