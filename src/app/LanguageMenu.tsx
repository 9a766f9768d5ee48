import TranslateIcon from '@mui/icons-material/Translate';
import { IconButton, Menu, MenuItem, Tooltip, useMediaQuery, type Theme } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { LocalesMenuButton, useLocales, useLocaleState, useTranslate } from 'react-admin';

/** The language icon alone, its menu naming the languages: what a phone's app bar has room for. */
const LanguageIconMenu = () => {
    const translate = useTranslate();
    const languages = useLocales();
    const [locale, setLocale] = useLocaleState();
    const [anchor, setAnchor] = useState<HTMLElement | null>(null);
    const current = languages.find(language => language.locale === locale)?.name;
    const title = current ? `${translate('app.auth.language')}: ${current}` : translate('app.auth.language');
    const choose = (chosen: string) => {
        setLocale(chosen);
        setAnchor(null);
    };
    return (
        <>
            <Tooltip title={title}>
                <IconButton
                    color="inherit"
                    aria-label={title}
                    aria-haspopup="menu"
                    aria-controls={anchor ? 'language-menu' : undefined}
                    aria-expanded={anchor ? 'true' : undefined}
                    onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
                >
                    <TranslateIcon />
                </IconButton>
            </Tooltip>
            <Menu id="language-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
                {languages.map(language => (
                    <MenuItem
                        key={language.locale}
                        selected={language.locale === locale}
                        onClick={() => choose(language.locale)}
                    >
                        {language.name}
                    </MenuItem>
                ))}
            </Menu>
        </>
    );
};

/**
 * The app bar's language switch: the language's name on a wide screen; on a phone only its icon, so
 * that the page's title keeps the room.
 */
export const LanguageMenu = () => {
    const phone = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
    return phone ? <LanguageIconMenu /> : <LocalesMenuButton />;
};
