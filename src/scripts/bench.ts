/*
 * This server against bare json-server 0.17.4, side by side, on the same generated databases:
 *   npm run bench -- [--scales 1,10,100] [--runs N] [--server-dir DIR] [--engine json|postgres|both]
 * For each scale the seed script writes one database into a temporary folder; each server gets its own
 * copy and runs alone, one after the other, so they never share the CPU. The result is one markdown
 * table on stdout; progress goes to stderr, so `npm run bench > bench.md` keeps only the report.
 * --server-dir names the checkout whose src/server/main.ts (and seed script) is measured, so a branch
 * can be compared with a worktree of another commit.
 * --engine chooses this server's storage: its db.json engine (the default), PostgreSQL (one throwaway
 * cluster for the run, a fresh database per scale loaded from the seeded db.json), or both, each in its
 * own column beside the one json-server column.
 * The parts are in the bench/ folder beside this file; this entry point only runs them.
 */
import { runBench } from './bench/main';

await runBench();
