// JS heap of the popup and the side panel after a forced garbage collection, and of the blank page
// measured the same way, interleaved. Pages of one extension share a renderer process and so one
// JS heap: each page is measured while it is the only extension page open.
import { sleep, waitForMarks } from './marks.mjs';
import { inRotatedOrder } from './stats.mjs';

/** Lets start-up work (storage reads, the side panel's refresh) finish before collecting. */
const SETTLE_MS = 600;

const KINDS = [
  { name: 'blank', path: 'blank.html', marks: ['interactive'] },
  { name: 'popup', path: 'popup.html', marks: ['interactive'], viewport: { width: 380, height: 640 } },
  { name: 'sidepanel', path: 'sidepanel.html', marks: ['interactive', 'board'], viewport: { width: 360, height: 760 } },
];
const PEER_KINDS = [
  { name: 'peerBlank', path: 'blank.html', marks: ['interactive'], peer: true },
  { name: 'peerPopup', path: 'popup', marks: ['interactive'], peer: true, viewport: { width: 380, height: 640 } },
];

/** @returns per kind (the peer's too when there is one) the used JS heap in bytes (`Runtime.getHeapUsage().usedSize`) per run. */
export async function measureHeap(bench, { runs, warmups }) {
  const kinds = bench.peer ? [...KINDS, ...PEER_KINDS] : KINDS;
  const result = Object.fromEntries(kinds.map(({ name }) => [name, []]));
  for (let round = 0; round < warmups + runs; round++) {
    await inRotatedOrder(kinds, round, async (kind) => {
      const ext = kind.peer ? bench.peer : bench;
      const page = await ext.open(kind.path === 'popup' ? ext.popupPath : kind.path, { viewport: kind.viewport });
      await waitForMarks((expression) => page.evaluate(expression), kind.marks);
      await sleep(SETTLE_MS);
      const cdp = await page.context().newCDPSession(page);
      // Twice: the first collection can leave objects that only the second finds unreachable.
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('HeapProfiler.collectGarbage');
      const { usedSize } = await cdp.send('Runtime.getHeapUsage');
      await cdp.detach();
      await page.close();
      if (round >= warmups) result[kind.name].push(usedSize);
    });
  }
  return result;
}
