/**
 * Fails when the code's runtime imports form a cycle (part of `npm run lint`). A cycle makes the
 * load order decide whether a value is defined yet, and hides which module depends on which.
 * Type-only imports are erased before the code runs, and dynamic `import()` loads later, so
 * neither counts.
 *
 *   node scripts/check-import-cycles.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const ROOTS = ['server', 'shared', 'web', 'scripts', 'e2e'];
const SKIP = new Set(['node_modules', 'dist', 'migrations']);

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** The relative modules a file imports at run time. */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const specifiers: string[] = [];
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      const onlyTypes =
        clause &&
        !clause.name &&
        named &&
        ts.isNamedImports(named) &&
        named.elements.length > 0 &&
        named.elements.every((e) => e.isTypeOnly);
      if (onlyTypes) continue;
      specifiers.push((node.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
      specifiers.push((node.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specifiers
    .filter((s) => s.startsWith('.'))
    .map((s) => path.resolve(path.dirname(file), s))
    .filter((target) => fs.existsSync(target));
}

/** Strongly connected components with more than one file (or a file importing itself). */
export function importCycles(files: string[], edges: Map<string, string[]>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    order.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, order.get(w)!));
    }
    if (low.get(v) === order.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (edges.get(v) ?? []).includes(v)) cycles.push(component);
    }
  };
  for (const f of files) if (!order.has(f)) visit(f);
  return cycles;
}

if (import.meta.main) {
  const files = ROOTS.filter((r) => fs.existsSync(path.join(root, r))).flatMap((r) =>
    sourceFiles(path.join(root, r)),
  );
  const edges = new Map(files.map((f) => [f, runtimeImports(f)]));
  const cycles = importCycles(files, edges);
  for (const c of cycles)
    console.error(
      `Lingkaran impor: ${c
        .map((f) => path.relative(root, f))
        .sort()
        .join(' ↔ ')}`,
    );
  if (cycles.length) {
    console.error(
      `${cycles.length} lingkaran impor ditemukan: pisahkan bagian yang dipakai bersama ke modul sendiri.`,
    );
    process.exit(1);
  }
  console.log(`Tidak ada lingkaran impor (${files.length} berkas).`);
}
