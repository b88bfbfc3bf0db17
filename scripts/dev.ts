// `npm run dev`: the API server with --watch on port 3001 and Vite with hot reload on 5173.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const webPort = process.env.PORT ?? '5173';
const env = {
  ...process.env,
  PORT: '3001',
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${webPort}`,
  API_PORT: '3001',
};
const children = [
  spawn(process.execPath, ['--watch', 'server/main.ts'], { cwd: root, env, stdio: 'inherit' }),
  spawn(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), '--port', webPort, '--strictPort'],
    {
      cwd: root,
      env,
      stdio: 'inherit',
    },
  ),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', stop);
