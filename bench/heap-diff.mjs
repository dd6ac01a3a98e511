// What the popup keeps on its JS heap after garbage collection, over the blank page of the same
// extension: a heap snapshot of each (DevTools `HeapProfiler`), self sizes summed by kind of
// object, and the kinds that differ most. The rows of bench/results.md name what to cut.
import { sleep, waitForMarks } from './marks.mjs';

/** Lets start-up work finish before the snapshot, as measure-heap.mjs does. */
const SETTLE_MS = 600;

/** Self size (bytes) per kind of heap object of one page after GC. */
async function snapshotByKind(ext, path) {
  const page = await ext.open(path, { viewport: { width: 380, height: 640 } });
  await waitForMarks((expression) => page.evaluate(expression), ['interactive']);
  await sleep(SETTLE_MS);
  const cdp = await page.context().newCDPSession(page);
  const chunks = [];
  cdp.on('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => chunks.push(chunk));
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  await cdp.detach();
  await page.close();
  const { snapshot, nodes, strings } = JSON.parse(chunks.join(''));
  const fields = snapshot.meta.node_fields;
  const types = snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const kinds = {};
  for (let i = 0; i < nodes.length; i += fields.length) {
    const type = types[nodes[i + typeAt]];
    const name = strings[nodes[i + nameAt]];
    const kind =
      type === 'object' || type === 'native'
        ? `${type} ${name.split(' ')[0].slice(0, 40)}`
        : type === 'code' || type === 'hidden' || type === 'array'
          ? `${type} ${name.replace(/[()]/g, '').slice(0, 40)}`
          : type.includes('string')
            ? 'strings'
            : type;
    kinds[kind] = (kinds[kind] ?? 0) + nodes[i + sizeAt];
  }
  return kinds;
}

/**
 * @returns `{ total, rows: [kind, bytes][] }`: the popup's heap over the blank page's, mean of
 * `rounds` pairs, the `top` kinds by size of the difference.
 */
export async function heapDiff(ext, { rounds = 2, top = 12 } = {}) {
  const sum = {};
  for (let round = 0; round < rounds; round++) {
    const blank = await snapshotByKind(ext, 'blank.html');
    const popup = await snapshotByKind(ext, ext.popupPath);
    for (const kind of new Set([...Object.keys(blank), ...Object.keys(popup)])) {
      sum[kind] = (sum[kind] ?? 0) + ((popup[kind] ?? 0) - (blank[kind] ?? 0)) / rounds;
    }
  }
  const rows = Object.entries(sum).sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]));
  return { total: rows.reduce((t, [, bytes]) => t + bytes, 0), rows: rows.slice(0, top) };
}

/** The markdown section: Pushgate's and the official popup's largest differences side by side. */
export function heapMarkdown(diffs) {
  const kb = (bytes) => `${bytes >= 0 ? '+' : '−'}${(Math.abs(bytes) / 1000).toFixed(1)} kB`;
  const names = Object.keys(diffs);
  const lists = names.map(
    (name) => `- ${name}: ${kb(diffs[name].total)} in all; ${diffs[name].rows.map(([kind, bytes]) => `${kind} ${kb(bytes)}`).join('; ')}`,
  );
  return `
## What the popup keeps on its heap (heap snapshot over the blank page)

Written by bench/heap-diff.mjs: a DevTools heap snapshot of the popup and of the blank page of the same extension, each
600 ms after it is ready and after two forced collections, self sizes summed by kind (objects by constructor, \`code\`
by kind, \`hidden\` V8 internals, \`strings\`), popup − blank page, mean of two pairs, the largest differences first.

${lists.join('\n')}
`;
}
