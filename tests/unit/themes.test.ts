import { createTheme } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import {
    defaultThemeName,
    isThemeName,
    themeFor,
    themeNames,
    themes,
    themeSwatch,
    type ThemeName,
} from '../../src/app/themes';

const primaries: Record<string, string> = {
    BLUE: '#5D87FF',
    AQUA: '#0074BA',
    PURPLE: '#763EBD',
    GREEN: '#0A7EA4',
    CYAN: '#01C0C8',
    ORANGE: '#FA896B',
};

const built = (name: ThemeName) => createTheme(themes[name]);
const lightNames = themeNames.filter(name => !name.startsWith('DARK_'));
const darkNames = themeNames.filter(name => name.startsWith('DARK_'));

describe('the twelve themes', () => {
    it('are the six light themes and their dark twins, cyan light by default', () => {
        expect([...themeNames].sort()).toEqual(
            Object.keys(primaries)
                .flatMap(hue => [`${hue}_THEME`, `DARK_${hue}_THEME`])
                .sort(),
        );
        expect(Object.keys(themes).sort()).toEqual([...themeNames].sort());
        expect(defaultThemeName).toBe('CYAN_THEME');
    });

    it('give each pair of twins the primary colour of the seed', () => {
        for (const [hue, colour] of Object.entries(primaries)) {
            for (const name of [`${hue}_THEME`, `DARK_${hue}_THEME`] as ThemeName[]) {
                expect(built(name).palette.primary.main, name).toBe(colour);
                expect(themeSwatch(name)).toBe(colour);
            }
        }
    });

    it('share error, warning, info and success, except success in cyan and orange light and warning in orange light', () => {
        for (const name of themeNames) {
            const { palette } = built(name);
            expect(palette.error.main, name).toBe('#FA896B');
            expect(palette.info.main, name).toBe('#539BFF');
            const brightSuccess = name === 'CYAN_THEME' || name === 'ORANGE_THEME';
            expect(palette.success.main, name).toBe(brightSuccess ? '#00e676' : '#13DEB9');
            expect(palette.warning.main, name).toBe(name === 'ORANGE_THEME' ? '#ffe57f' : '#FFAE1F');
        }
    });

    it('are light with white backgrounds and #e5eaef borders', () => {
        for (const name of lightNames) {
            const { palette } = built(name);
            expect(palette.mode, name).toBe('light');
            expect(palette.background.default, name).toBe('#ffffff');
            expect(palette.background.paper, name).toBe('#ffffff');
            expect(palette.divider, name).toBe('#e5eaef');
        }
    });

    it('are dark with #333F55 borders, on #2a3447 for dark blue and #171c23 for the others', () => {
        for (const name of darkNames) {
            const { palette } = built(name);
            const background = name === 'DARK_BLUE_THEME' ? '#2a3447' : '#171c23';
            expect(palette.mode, name).toBe('dark');
            expect(palette.background.default, name).toBe(background);
            expect(palette.background.paper, name).toBe(background);
            expect(palette.divider, name).toBe('#333F55');
        }
    });

    it('default to outlined inputs, rounded buttons and cards, 45px list items and tooltips on top', () => {
        const { components } = built('DARK_GREEN_THEME');
        expect(components?.MuiTextField?.defaultProps?.variant).toBe('outlined');
        expect(components?.MuiSelect?.defaultProps?.variant).toBe('outlined');
        expect(components?.MuiFormControl?.defaultProps?.variant).toBe('outlined');
        expect(components?.MuiButton?.defaultProps?.disableElevation).toBe(true);
        expect(components?.MuiButton?.styleOverrides?.root).toMatchObject({ borderRadius: 20 });
        expect(components?.MuiCard?.styleOverrides?.root).toMatchObject({ borderRadius: 12 });
        for (const item of ['MuiListItem', 'MuiListItemButton', 'MuiMenuItem'] as const) {
            expect(components?.[item]?.styleOverrides?.root, item).toMatchObject({ minHeight: 45 });
        }
        expect(components?.MuiTooltip?.defaultProps?.placement).toBe('top');
        expect(components?.MuiTooltip?.defaultProps?.slotProps?.popper).toMatchObject({
            modifiers: [{ name: 'offset', options: { offset: [0, 10] } }],
        });
    });

    it('fall back to the default theme for a stored name that is not a theme', () => {
        expect(isThemeName('DARK_CYAN_THEME')).toBe(true);
        expect(isThemeName('PINK_THEME')).toBe(false);
        expect(themeFor('PINK_THEME')).toBe(themes.CYAN_THEME);
        expect(themeFor(undefined)).toBe(themes.CYAN_THEME);
        expect(themeFor('DARK_ORANGE_THEME')).toBe(themes.DARK_ORANGE_THEME);
    });
});
