/** The types of server-build.mjs, for the TypeScript that uses it (the tests, the bench). */

/** The file `node` runs to start the server built into `outDir`. */
export function serverEntryIn(outDir?: string): string;
/** Builds the server into `outDir`; answers the files it was built from. */
export function buildServer(outDir?: string): Promise<string[]>;
/** Is there a build of the server in `outDir` newer than every file it was built from. */
export function serverBuildIsCurrent(outDir?: string): boolean;
