import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { reloadForChunk } from './errors/recovery';
import { App } from './App';
import { initialLocale, preloadLocale } from './i18n/i18nProvider';

// Vite reports a chunk that failed to preload (an old tab after a release): reload, at most once per 10 s.
window.addEventListener('vite:preloadError', event => {
    if (reloadForChunk()) event.preventDefault();
});

const mount = () => {
    try {
        createRoot(document.getElementById('root') as HTMLElement).render(
            <StrictMode>
                <App />
            </StrictMode>,
        );
    } catch (error) {
        console.error('Error while mounting app', error);
    }
};

// The app starts in the remembered language, so its catalogue comes first (English is built in).
preloadLocale(initialLocale()).then(mount, error => {
    console.error('Error while loading the messages', error);
    mount();
});
