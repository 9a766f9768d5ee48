// `npm test`: the type check, the linters and the tests at the same time (the tests spend much of their
// time waiting on the servers, browsers and databases they start, so the checks fill the cores meanwhile),
// each one's output as it wrote it, and a non-zero exit when any of them fails. Arguments go to Vitest.
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
    run('The tests (vitest run)', 'npx', ['vitest', 'run', ...process.argv.slice(2)]),
]);
process.exit(codes.some(code => code !== 0) ? 1 : 0);
