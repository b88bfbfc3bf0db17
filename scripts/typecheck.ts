// `npm run typecheck`: the project's three TypeScript programs — server, shared code and scripts;
// the web app; the end-to-end specs — checked by TypeScript 7's native compiler (the
// `typescript-native` package). The `typescript` package stays at 6 because typescript-eslint
// reads TypeScript through the JavaScript API that 7 no longer has. Every program is checked, so
// one run reports every error.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(root, 'node_modules/typescript-native/bin/tsc');
let failed = false;
for (const project of ['tsconfig.json', 'web/tsconfig.json', 'e2e/tsconfig.json']) {
  const r = spawnSync(process.execPath, [tsc, '-p', project], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`typecheck: ${project} has errors`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
