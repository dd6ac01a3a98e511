// `npm start`: build the extension, start the local Password Pusher and airport reference servers
// (Swedavia's API and every airport website's feed, each with demo data), and open Chromium with the
// extension loaded and already pointed at them. Without a display it says so and
// writes screenshots of the surfaces instead.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH, extensionArgs } from '../test/support/chromium.mjs';
import { FLIGHT_FIXTURES } from '../test/servers/airport/fixtures.mjs';
import { startAirportServer } from '../test/servers/airport/server.mjs';
import { startFeedServers } from '../test/servers/airport-sources/server.mjs';
import { startPwpushServer } from '../test/servers/pwpush/server.mjs';

// Before anything is built or started: without Chromium it would all end in a stack trace.
if (!existsSync(CHROMIUM_PATH)) {
  console.error(`npm start needs Chromium, and there is none at ${CHROMIUM_PATH}.`);
  console.error("Install Debian's: apt-get install -y --no-install-recommends chromium");
  console.error('or point CHROMIUM_PATH at a Chromium binary, then run npm start again. Nothing was built or started.');
  process.exit(1);
}

const extension = resolve('.output/chrome-mv3');
const hasDisplay = Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);

const build = spawnSync('npm', ['run', '--silent', 'build:test'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const server = await startPwpushServer({ port: Number(process.env.PWPUSH_PORT ?? 0) });
const [user] = server.users;
console.log(`\nPassword Pusher reference server: ${server.url}`);
console.log(`API token of the demo account (${user.email}): ${user.token}`);
const airport = await startAirportServer({ port: Number(process.env.AIRPORT_PORT ?? 0) });
// The README's "My flight" example: SAS departs Arlanda from Terminal 5, so SK1415 gets the
// Terminal 5 queues of the captured per-flight answer (test/unit/airport/samples).
airport.setFlight('ARN', 'SK1415', FLIGHT_FIXTURES.ARN.TG961);
console.log(
  `Airport API reference server: ${airport.url} (WaitTime key ${airport.keys[0]}, AirportInfo key ${airport.infoKeys[0]}; try ARN, BMA or GOT, and My flight SK 1415 from ARN)`,
);
// The airports' own websites (test/servers/airport-sources), each feed on its port with its demo:
// try CPH, OSL, AMS, FRA (My flight with a gate such as B44), MUC, DUS, DUB and EDI.
const feeds = await startFeedServers();
const feedUrls = Object.fromEntries(Object.values(feeds).map((feed) => [feed.id, feed.feedUrl]));
console.log('Airport website feeds (reference servers):');
for (const feed of Object.values(feeds)) console.log(`  ${feed.id.padEnd(13)} ${feed.feedUrl}`);
const closeFeeds = () => Promise.all(Object.values(feeds).map((feed) => feed.close()));

const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'pushgate-start-')), {
  executablePath: CHROMIUM_PATH,
  headless: !hasDisplay,
  viewport: null,
  args: extensionArgs(extension),
});
const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
const id = new URL(worker.url()).host;
await worker.evaluate(
  ({ url, token, airportUrl, airportKey, infoKey, feedUrls }) =>
    chrome.storage.local.set({
      instanceUrl: url,
      // What the settings page stores: each credential with the origin it was entered for.
      apiToken: { origin: url, token },
      rememberToken: true,
      airportApiUrl: airportUrl,
      airportKeys: { primary: airportKey, secondary: '', info: infoKey, origin: airportUrl },
      defaultAirport: 'ARN',
      // The settings page's Airport websites, pointed at the local feeds.
      airportFeedUrls: feedUrls,
    }),
  { url: server.url, token: user.token, airportUrl: airport.url, airportKey: airport.keys[0], infoKey: airport.infoKeys[0], feedUrls },
);

const demo = await context.newPage();
await demo.goto(`chrome-extension://${id}/options.html`);

if (hasDisplay) {
  console.log('\nChromium is open with Pushgate loaded and configured. Click the toolbar icon to push a secret.');
  console.log('Close the browser window (or press Ctrl+C) to stop.');
  const stop = async () => {
    await context.close().catch(() => undefined);
    await Promise.all([server.close(), airport.close(), closeFeeds()]);
    process.exit(0);
  };
  context.on('close', stop);
  process.on('SIGINT', stop);
} else {
  const out = resolve('.output/screenshots');
  mkdirSync(out, { recursive: true });
  console.log('\nNo display found (DISPLAY and WAYLAND_DISPLAY are unset), so Chromium ran headless.');
  for (const surface of ['popup', 'options', 'sidepanel']) {
    const page = await context.newPage();
    await page.setViewportSize(surface === 'options' ? { width: 900, height: 900 } : { width: 380, height: 620 });
    await page.goto(`chrome-extension://${id}/${surface}.html`);
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(out, `${surface}.png`), fullPage: true });
    console.log(`Screenshot of the ${surface}: ${join(out, `${surface}.png`)}`);
  }
  console.log(`\nTo use it yourself, run \`npm start\` on a machine with a display, or load ${extension} as an unpacked extension.`);
  await context.close();
  await Promise.all([server.close(), airport.close(), closeFeeds()]);
}
