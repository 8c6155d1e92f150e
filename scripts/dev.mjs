// Development: the API in watch mode on :8080 and Vite's dev server on :5173 (proxying /turing).
import { spawn } from 'node:child_process';

const procs = [
  spawn('tsx', ['watch', 'apps/server/src/main.ts'], { stdio: 'inherit' }),
  spawn('vite', [], { stdio: 'inherit', cwd: 'apps/web' }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs) p.on('exit', (code) => code && stop());
