import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The house drawn from its imports (docs/architecture.md): imports go one way, entrypoints →
// components → lib, and no two modules import each other through any path, not even for a type
// (the stored record types live in lib/records.ts so that nothing circles through lib/db.ts).

const ROOT = resolve(__dirname, '../../..');
const FOLDERS = ['entrypoints', 'components', 'lib'];
const EXTENSIONS = ['.ts', '.tsx'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return EXTENSIONS.some((ext) => name.endsWith(ext)) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const SPECIFIER = /(?:^|[\s;])(?:import|export)\s(?:[^'";]*?\sfrom\s)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The project's own modules a file imports (type-only imports included), as paths from the root. */
function importsOf(file: string, known: ReadonlySet<string>): string[] {
  const text = readFileSync(file, 'utf8');
  const found = new Set<string>();
  for (const match of text.matchAll(SPECIFIER)) {
    const specifier = match[1] ?? match[2] ?? '';
    let base: string;
    if (specifier.startsWith('@/') || specifier.startsWith('~/')) base = join(ROOT, specifier.slice(2));
    else if (specifier.startsWith('.')) base = resolve(dirname(file), specifier);
    else continue;
    const target = [base, ...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => join(base, `index${ext}`))].find((candidate) =>
      known.has(candidate),
    );
    if (target) found.add(target);
  }
  return [...found];
}

function graph(): Map<string, string[]> {
  const files = FOLDERS.flatMap((folder) => sources(join(ROOT, folder)));
  const known = new Set(files);
  return new Map(files.map((file) => [relative(ROOT, file), importsOf(file, known).map((target) => relative(ROOT, target))]));
}

/** Strongly connected groups of more than one module (Tarjan), each sorted: every import circle. */
function circles(edges: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const target of edges.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || edges.get(node)?.includes(node)) found.push(group.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('the imports', () => {
  const edges = graph();

  it('are read from every module (the check sees the house)', () => {
    expect(edges.size).toBeGreaterThan(200);
    expect(edges.get('lib/history/entries.ts')).toContain('lib/db.ts');
  });

  it('find a circle where there is one', () => {
    const drawn = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
    ]);
    expect(circles(drawn)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  it('go round no circle, type-only imports included', () => {
    expect(circles(edges)).toEqual([]);
  });

  it('go one way: lib imports no component or entrypoint, components no entrypoint', () => {
    const upward = [...edges].flatMap(([file, targets]) =>
      targets
        .filter(
          (target) =>
            (file.startsWith('lib/') && !target.startsWith('lib/')) ||
            (file.startsWith('components/') && target.startsWith('entrypoints/')),
        )
        .map((target) => `${file} → ${target}`),
    );
    expect(upward).toEqual([]);
  });
});
