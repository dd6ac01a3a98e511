// The local reference servers the bench talks to, and a plain web page to open the toolbar popup
// over (the popup reads the active tab's selection, as it does for a person).
import { createServer } from 'node:http';
import { startAirportServer } from '../test/servers/airport/server.mjs';
import { startFeedServer } from '../test/servers/airport-sources/server.mjs';
import { startPwpushServer } from '../test/servers/pwpush/server.mjs';

const TARGET_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Target page</title></head>
<body><h1>A web page</h1><p>Some text a person might select.</p></body></html>`;

/** Starts the Password Pusher and airport reference servers and the target page server. */
export async function startServers() {
  // The bench pushes and reads as fast as it measures: the throttle would put 429s into its timings.
  const pwpush = await startPwpushServer({ throttle: false });
  const airport = await startAirportServer();
  // Copenhagen's website feed: the side panel with an airport that is not Swedavia's (lib/airport/sources/).
  const cph = await startFeedServer('cph');
  const page = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(TARGET_PAGE);
  });
  await new Promise((resolve) => page.listen(0, '127.0.0.1', resolve));
  return {
    pwpush,
    airport,
    cph,
    targetPageUrl: `http://127.0.0.1:${page.address().port}/`,
    async close() {
      await Promise.all([pwpush.close(), airport.close(), cph.close(), new Promise((resolve) => page.close(resolve))]);
    },
  };
}

/** Stores the instance, token and airport settings as the options page would. */
export async function configureExtension(worker, servers) {
  await worker.evaluate((settings) => chrome.storage.local.set(settings), {
    instanceUrl: servers.pwpush.url,
    apiToken: { origin: servers.pwpush.url, token: servers.pwpush.users[0].token },
    rememberToken: true,
    airportApiUrl: servers.airport.url,
    // With the AirportInfo key, as a person who wants airport names has it: the first panel open
    // then fetches the list once, and the bench checks that reopening fetches it no more.
    airportKeys: { primary: servers.airport.keys[0], secondary: '', info: servers.airport.infoKeys[0], origin: servers.airport.url },
    airportFeedUrls: { cph: servers.cph.feedUrl },
    defaultAirport: 'ARN',
  });
}

/** The side panel shows the default airport: set before each opening that measures one. */
export async function showAirport(worker, iata) {
  await worker.evaluate((defaultAirport) => chrome.storage.local.set({ defaultAirport }), iata);
}

/** Requests to the airport list (not to wait times). */
export const isAirportListRequest = (request) => request.path.startsWith('/airportinfo/');
