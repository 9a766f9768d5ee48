import { relative } from 'node:path';
import type { Reporter, TestProject, TestSpecification } from 'vitest/node';

/*
 * Which test files this run holds, as Vitest tells its reporters before it starts the projects' global
 * setups: a setup can then skip what no file of its project needs (the server's build, for a run of unit
 * or screen tests only). The reporter is loaded with the config and the setups by Vitest's module runner,
 * two copies of this module in one process: the files are kept on globalThis.
 */

const held = globalThis as { __studioRunFiles?: Map<string, string[]> };

/** The reporter vite.config.ts adds: it only notes each project's files at the start of a run. */
export const runFilesReporter: Reporter = {
    onTestRunStart(specifications: ReadonlyArray<TestSpecification>) {
        const files = new Map<string, string[]>();
        for (const { project, moduleId } of specifications) {
            const root = project.config.root;
            files.set(project.name, [...(files.get(project.name) ?? []), relative(root, moduleId)]);
        }
        held.__studioRunFiles = files;
    },
};

/**
 * The files of the project's part of this run, relative to the project's folder; undefined when Vitest
 * did not say (a `vitest list`, or a setup started some other way), which a setup takes as "all of them".
 */
export const runFilesOf = (project: TestProject): string[] | undefined =>
    held.__studioRunFiles ? (held.__studioRunFiles.get(project.name) ?? []) : undefined;
