// `npm start`: builds the web app if it is not built yet and the server into one file, then serves
// everything on one port.
import { pathToFileURL } from 'node:url';
import { buildIfNeeded } from './build-if-needed.ts';
import { buildServer } from './build-server.ts';

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
let entry: string;
try {
  entry = pathToFileURL(buildServer()).href;
} catch (err) {
  // The sources run as well, at a higher cost in memory.
  console.warn(
    `Server dijalankan dari sumbernya (build satu berkas gagal: ${(err as Error).message})`,
  );
  entry = new URL('../server/main.ts', import.meta.url).href;
}
await import(entry);
