// nginx in front of app instances, as operators run it: deploy/nginx/bem.conf with only its ports
// changed (the listen port, and the two instances' ports), in a prefix folder of its own, as the
// user who runs it. For the two-instance test and `npm run bench -- --only instances`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** The operators' nginx file with only its ports changed: every other line is used as it is. */
export function siteConfig(listen: number, upstream: [number, number]): string {
  const original = fs.readFileSync(path.join(root, 'deploy/nginx/bem.conf'), 'utf8');
  const swaps: [string, string][] = [
    ['    listen 80;\n', `    listen 127.0.0.1:${listen};\n`],
    ['    listen [::]:80;\n', ''],
    ['server 127.0.0.1:3001 ', `server 127.0.0.1:${upstream[0]} `],
    ['server 127.0.0.1:3002 ', `server 127.0.0.1:${upstream[1]} `],
  ];
  let text = original;
  for (const [from, to] of swaps) {
    if (!text.includes(from)) throw new Error(`deploy/nginx/bem.conf no longer has "${from}"`);
    text = text.replace(from, to);
  }
  return text;
}

export type Nginx = {
  url: string;
  /** The master's and the worker's process ids. */
  pids: () => number[];
  log: () => string;
  stop: () => Promise<void>;
};

/**
 * Starts nginx on 127.0.0.1:`listen` in front of the instances on `upstream` (the same port twice
 * for one instance), its files under `dir`; resolves once it accepts connections.
 */
export async function startNginx(opts: {
  dir: string;
  listen: number;
  upstream: [number, number];
}): Promise<Nginx> {
  const { dir, listen } = opts;
  const subs = ['', 'body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];
  // Its workers run as an unprivileged user when started by root: they must write these folders.
  for (const sub of subs) {
    fs.mkdirSync(path.join(dir, sub), { recursive: true });
    fs.chmodSync(path.join(dir, sub), 0o777);
  }
  fs.writeFileSync(path.join(dir, 'bem.conf'), siteConfig(listen, opts.upstream));
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/bem.conf;
}
`,
  );
  const binary = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((p) => fs.existsSync(p));
  if (!binary) throw new Error('nginx is not installed (apt-get install nginx)');
  const child = spawn(binary, ['-e', 'stderr', '-p', dir, '-c', path.join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (d: Buffer) => (log = (log + d.toString()).slice(-20_000));
  child.stderr!.on('data', keep);
  child.stdout!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const s = net.connect(listen, '127.0.0.1', () => {
        s.end();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start: ${log}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${listen}`,
    pids: () => {
      const workers = fs
        .readdirSync('/proc')
        .filter((p) => /^\d+$/.test(p))
        .filter((p) => {
          try {
            return fs.readFileSync(`/proc/${p}/stat`, 'utf8').split(' ')[3] === String(child.pid);
          } catch {
            return false;
          }
        })
        .map(Number);
      return [child.pid!, ...workers];
    },
    log: () => log,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
    },
  };
}
