// `npm start`: builds the web app if it is not built yet, then serves everything on one port.
import { buildIfNeeded } from './build-if-needed.ts';

// npm runs this script through a shell, and a supervisor's SIGTERM to npm ends npm and the shell
// but never reaches this process: without a parent it would keep serving and hold the data
// folder's lock. So when the parent goes away, stop exactly as on SIGTERM.
const parent = process.ppid;
const watch = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(watch);
  process.kill(process.pid, 'SIGTERM');
}, 250);
watch.unref();

// A WEB_DIST of the operator's own is served as it is; the default one is built when stale.
if (!process.env.WEB_DIST) buildIfNeeded();
process.env.NODE_ENV ??= 'production';
await import('../server/main.ts');
