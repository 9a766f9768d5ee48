// The checks `npm test` runs before the tests: the type check and the linters at the same time (each
// keeps one core busy), their output as each wrote it, and a non-zero exit when either fails.
import { spawn } from 'node:child_process';

const run = (name, command, args) =>
    new Promise(resolve => {
        const child = spawn(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });
        child.on('error', error => {
            console.error(`${name} could not start: ${error.message}`);
            resolve(1);
        });
        child.on('exit', code => {
            if (code !== 0) console.error(`${name} failed (exit ${code}).`);
            resolve(code ?? 1);
        });
    });

const codes = await Promise.all([
    run('The type check (tsc --noEmit)', 'npx', ['tsc', '--noEmit']),
    run('The linters (npm run lint)', 'npm', ['run', 'lint', '--silent']),
]);
process.exit(codes.some(code => code !== 0) ? 1 : 0);
