// Click on "Push" → the link on screen, in the popup (as a tab) against the local Password Pusher
// server, with the instance configured and its capabilities cached; and the requests each push sends.
import { sleep, waitForMarks } from './marks.mjs';

/** Anything sent after the link is shown (the look for copies the network made) lands in this time. */
const SETTLE_MS = 300;

/** A request that makes a push: the JSON API's create (2.x) or the older `/p.json`. */
export function isCreate(request) {
  return request.method === 'POST' && (request.path === '/api/v2/pushes' || request.path === '/p.json');
}

/** The requests a push sent: those that make a push, and the rest (with a token, the look for copies). */
export function countPushRequests(log) {
  const creates = log.filter(isCreate).length;
  return { creates, others: log.length - creates };
}

/**
 * @returns `clickToLink[]` (ms from the click event's time stamp to `.link-text` in the DOM),
 * `creates[]` (requests that made a push) and `lookups[]` (the others, sent after the link: the look
 * for copies the network made, docs/exactly-once.md) per push, and where the time goes:
 * `clickToRequest[]` (click → the POST starts) and `answerToLink[]` (its answer complete → link).
 */
export async function measurePush(bench, servers, { runs, warmups }) {
  const clickToLink = [];
  const creates = [];
  const lookups = [];
  const clickToRequest = [];
  const answerToLink = [];
  for (let round = 0; round < warmups + runs; round++) {
    const page = await bench.open('popup.html', { viewport: { width: 380, height: 640 } });
    const evaluate = (expression) => page.evaluate(expression);
    await waitForMarks(evaluate, ['interactive']);
    await page.fill('#secret', `bench secret ${round}`);
    // A plain mouse click at the button's centre, as a person's: `page.click` first runs
    // Playwright's actionability checks and hit-target listeners in the page, and that script ran
    // on the popup's main thread inside the measured time (about 1.5 ms at the median, paired).
    const push = await page.locator('button[type="submit"]').boundingBox();
    const before = servers.pwpush.requests.length;
    await page.mouse.click(push.x + push.width / 2, push.y + push.height / 2);
    const marks = await waitForMarks(evaluate, ['click', 'link']);
    await sleep(SETTLE_MS);
    // The background makes the popup's pushes (lib/share/relay/push-in-background.ts), the popup only the first one
    // when the background had not answered its port yet: the POST's timing is in one of the two.
    // Times are taken on the wall clock (time origin + offset), which both contexts share.
    const popupOrigin = await page.evaluate(() => performance.timeOrigin);
    const post = (await lastPost(page)) ?? (await lastPost(await bench.worker()));
    await page.close();
    if (round < warmups) continue;
    clickToLink.push(marks.link - marks.click);
    const sent = countPushRequests(servers.pwpush.requests.slice(before));
    creates.push(sent.creates);
    lookups.push(sent.others);
    if (post) {
      const click = popupOrigin + marks.click;
      clickToRequest.push(post.startTime - click);
      answerToLink.push(popupOrigin + marks.link - post.responseEnd);
    }
  }
  return { clickToLink, creates, lookups, clickToRequest, answerToLink };
}

/** The last POST to the pushes endpoint in a page's or the worker's resource timing, on the wall clock; the buffer is emptied. */
function lastPost(context) {
  return context.evaluate(() => {
    const post = performance
      .getEntriesByType('resource')
      .filter((entry) => /^https?:.*\/api\/v2\/pushes(\.json)?$/.test(entry.name))
      .at(-1);
    performance.clearResourceTimings();
    return post ? { startTime: performance.timeOrigin + post.startTime, responseEnd: performance.timeOrigin + post.responseEnd } : null;
  });
}
