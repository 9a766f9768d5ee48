import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { reloadForChunk } from '../app/errors/recovery';
import { App } from './App';

/*
 * The customers' own app at /my: their classes, bookings, passes and plans, on their phone. A page of
 * its own (src/portal/index.html), built beside the staff app and sharing none of react-admin.
 */

// A chunk that failed to preload (an old tab after a release): reload, at most once per 10 s.
window.addEventListener('vite:preloadError', event => {
    if (reloadForChunk()) event.preventDefault();
});

createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
        <App />
    </StrictMode>,
);
