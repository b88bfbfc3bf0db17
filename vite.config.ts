import { promisify } from 'node:util';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const apiPort = process.env.API_PORT ?? '3001';
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Writes .br and .gz beside each text asset so the server sends them without compressing per request. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'bem-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await fs.readdir(outDir, { recursive: true });
      await Promise.all(
        files
          .filter((f) => /\.(js|css|html|svg|json|txt|xml)$/.test(f))
          .map(async (f) => {
            const file = path.join(outDir, f);
            const data = await fs.readFile(file);
            if (data.length < 1024) return;
            await fs.writeFile(
              `${file}.br`,
              await brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
            );
            await fs.writeFile(`${file}.gz`, await gzip(data, { level: 9 }));
          }),
      );
    },
  };
}

/** The web app lives in web/ and is built into dist/web, which the server serves. */
export default defineConfig({
  root: 'web',
  plugins: [react(), precompress()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
      '/healthz': `http://127.0.0.1:${apiPort}`,
      '/readyz': `http://127.0.0.1:${apiPort}`,
    },
  },
});
