// The local reference servers the bench talks to, and a plain web page to open the toolbar popup
// over (the popup reads the active tab's selection, as it does for a person).
import { createServer } from 'node:http';
import { startAirportServer } from '../test/servers/airport/server.mjs';
import { startPwpushServer } from '../test/servers/pwpush/server.mjs';

const TARGET_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Target page</title></head>
<body><h1>A web page</h1><p>Some text a person might select.</p></body></html>`;

/** Starts the Password Pusher and airport reference servers and the target page server. */
export async function startServers() {
  // The bench pushes and reads as fast as it measures: the throttle would put 429s into its timings.
  const pwpush = await startPwpushServer({ throttle: false });
  const airport = await startAirportServer();
  const page = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(TARGET_PAGE);
  });
  await new Promise((resolve) => page.listen(0, '127.0.0.1', resolve));
  return {
    pwpush,
    airport,
    targetPageUrl: `http://127.0.0.1:${page.address().port}/`,
    async close() {
      await Promise.all([pwpush.close(), airport.close(), new Promise((resolve) => page.close(resolve))]);
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
    defaultAirport: 'ARN',
  });
}

/** Requests to the airport list (not to wait times). */
export const isAirportListRequest = (request) => request.path.startsWith('/airportinfo/');
