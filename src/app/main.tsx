import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { reloadForChunk } from '../pages/errors/recovery';
import { App } from './App';

// Vite reports a chunk that failed to preload (an old tab after a release): reload, at most once per 10 s.
window.addEventListener('vite:preloadError', event => {
    if (reloadForChunk()) event.preventDefault();
});

try {
    createRoot(document.getElementById('root') as HTMLElement).render(
        <StrictMode>
            <App />
        </StrictMode>,
    );
} catch (error) {
    console.error('Error while mounting app', error);
}
