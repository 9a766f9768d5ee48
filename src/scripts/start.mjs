/*
 * `npm start`: the server from its build (build/server/main.js), built first when it is missing or
 * older than a file it was built from, then run in this very process, so that no TypeScript compiler
 * runs at start. Under a supervisor or in a container, run `node build/server/main.js` after
 * `npm run build` instead: then the server itself is the main process and gets the stop signal.
 *
 * Plain JavaScript: it runs where no TypeScript can.
 */
import { pathToFileURL } from 'node:url';
import { buildServer, serverBuildIsCurrent, serverEntryIn } from './server-build.mjs';

if (!serverBuildIsCurrent()) {
    console.info('The server has no build or an older one than its sources: building it (npm run build)...');
    await buildServer();
}
await import(pathToFileURL(serverEntryIn()).href);
