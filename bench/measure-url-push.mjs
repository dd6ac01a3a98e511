// Click → link for a URL push, the one push the peer has ("Push Current URL"), in the real toolbar
// popup over the target page (a popup opened as a tab has no page to take the URL from), Pushgate
// and the peer interleaved round by round against the same server; and the requests per push.
// Pushgate's URL push is two clicks: "Use page URL" (which fills the Secret field and chooses
// URL), then Push; the time is taken from the click on Push, as the peer's from its one button.
import { sleep, waitForMarks } from './marks.mjs';
import { countPushRequests } from './measure-push.mjs';
import { configurePeer } from './peer.mjs';
import { inRotatedOrder } from './stats.mjs';

/** Anything sent after the link is shown (there should be nothing) lands in this time. */
const SETTLE_MS = 300;
/**
 * A person's pauses: from the popup's controls being ready to the first click, and between
 * Pushgate's two clicks ("Use page URL", then Push). The first one also lets the toolbar popup
 * settle at its final size: a click sent while the popup window still grows to fit its content
 * can miss its button.
 */
const BEFORE_FIRST_CLICK_MS = 300;
const BETWEEN_CLICKS_MS = 150;
/**
 * One frame at 60 Hz. Chrome holds a page's tasks after a click until its next frame
 * (DeferRendererTasksAfterInput), so where in the frame the click lands decides whether an
 * answer waits: 300 ms is exactly 18 frames, and without a random part every click of a run
 * landed at the same point of the frame, fast or slow for a whole run by chance. A person's
 * click lands anywhere; each round draws one offset for both extensions.
 */
const FRAME_MS = 1000 / 60;

/**
 * @param targetPage the web page tab whose URL is pushed; it is brought to the front each time.
 * @param beforePush runs before each popup opens (./measure-far-push.mjs closes the connections there).
 * @returns per extension (`pushgate`, `peer` when given) `{ clickToLink[], creates[], lookups[] }` (./measure-push.mjs).
 */
export async function measureUrlPush(bench, servers, targetPage, { runs, warmups, beforePush = async () => undefined }) {
  const kinds = [{ name: 'pushgate', ext: bench, prepare: useUrlInPushgate, push: 'button[type="submit"]' }];
  if (bench.peer) kinds.push({ name: 'peer', ext: bench.peer, prepare: async () => undefined, push: '#pushUrlButton' });
  const result = Object.fromEntries(kinds.map(({ name }) => [name, { clickToLink: [], creates: [], lookups: [] }]));
  for (let round = 0; round < warmups + runs; round++) {
    const offsetMs = Math.random() * FRAME_MS;
    await inRotatedOrder(kinds, round, async ({ name, ext, prepare, push }) => {
      await beforePush();
      await targetPage.bringToFront();
      const popup = await ext.openToolbarPopup(ext.popupPath);
      const evaluate = (expression) => popup.evaluate(expression);
      try {
        await waitForMarks(evaluate, ['interactive']);
        await sleep(BEFORE_FIRST_CLICK_MS);
        await prepare(popup, targetPage.url());
        await sleep(offsetMs);
        const before = servers.pwpush.requests.length;
        await popup.click(push);
        const marks = await waitForMarks(evaluate, ['click', 'link']);
        if (!marks) throw new Error(`${name}: no link after the URL push`);
        await sleep(SETTLE_MS);
        if (round < warmups) return;
        result[name].clickToLink.push(marks.link - marks.click);
        const sent = countPushRequests(servers.pwpush.requests.slice(before));
        result[name].creates.push(sent.creates);
        result[name].lookups.push(sent.others);
      } finally {
        await popup.close();
      }
    });
  }
  return result;
}

/**
 * The local row: with the official extension beside it, Pushgate reaches the server through the same
 * HTTPS front the official extension needs (bench/tls-front.mjs), so both pay TLS and the front's hop
 * on their open connection; plain http would spare Pushgate alone both. Pointed back afterwards.
 */
export async function measureLocalUrlPush(bench, servers, targetPage, options) {
  if (!bench.peer) return measureUrlPush(bench, servers, targetPage, options);
  const token = servers.pwpush.users[0].token;
  await pointAt(bench, { pushgate: servers.pwpushHttps.url }, token);
  try {
    return await measureUrlPush(bench, servers, targetPage, options);
  } finally {
    await pointAt(bench, { pushgate: servers.pwpush.url }, token);
  }
}

/** Points Pushgate (and the official extension when `peer` is given) at an instance, with the bench's token. */
export async function pointAt(bench, { pushgate, peer }, token) {
  await (await bench.worker()).evaluate(
    ({ url, token }) => chrome.storage.local.set({ instanceUrl: url, apiToken: { origin: url, token } }),
    { url: pushgate, token },
  );
  if (bench.peer && peer) await configurePeer(await bench.peer.worker(), { instanceUrl: peer, token });
}

/** "Use page URL" once the popup offers it and the instance's URL kind is known, then a person's pause. */
async function useUrlInPushgate(popup, pageUrl) {
  const offered = `Boolean(document.querySelector('.secret-label-row button') && document.querySelector('input[name="kind"][value="url"]'))`;
  for (let tries = 0; !(await popup.evaluate(offered)); tries++) {
    if (tries > 400) throw new Error('the popup did not offer "Use page URL" with the URL kind');
    await sleep(5);
  }
  await popup.click('.secret-label-row button');
  const chosen = `document.querySelector('input[name="kind"][value="url"]')?.checked && document.querySelector('#secret').value === ${JSON.stringify(pageUrl)}`;
  for (let tries = 0; !(await popup.evaluate(chosen)); tries++) {
    if (tries > 400) {
      const state = await popup.evaluate(
        `JSON.stringify({ secret: document.querySelector('#secret')?.value, url: document.querySelector('input[name="kind"][value="url"]')?.checked })`,
      );
      throw new Error(`"Use page URL" did not fill in ${pageUrl} as a URL push: ${state}`);
    }
    await sleep(5);
  }
  await sleep(BETWEEN_CLICKS_MS);
}
