#!/usr/bin/env node
// Run the airport reference server by hand:
//   node test/servers/airport/cli.mjs [--port N] [--versions v1,v2] [--keys k1,k2]
import { parseArgs } from 'node:util';
import { startAirportServer } from './server.mjs';

const USAGE = 'Usage: node test/servers/airport/cli.mjs [--port N] [--versions v1,v2] [--keys key1,key2]';

/** @param {string | undefined} text */
const list = (text) =>
  text
    ? text
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    : undefined;

let values;
try {
  ({ values } = parseArgs({
    options: {
      port: { type: 'string', default: process.env.AIRPORT_PORT ?? '0' },
      versions: { type: 'string' },
      keys: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }));
} catch (error) {
  console.error(`${error instanceof Error ? error.message : error}\n${USAGE}`);
  process.exit(2);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Not a port number: ${values.port}\n${USAGE}`);
  process.exit(2);
}

const server = await startAirportServer({
  port,
  versions: /** @type {Array<'v1' | 'v2'> | undefined} */ (list(values.versions)),
  keys: list(values.keys),
});
console.log(`Airport reference server: ${server.url}`);
console.log(`Valid subscription keys: ${server.keys.join(', ')} (WaitTime Public)`);
console.log(`AirportInfo keys: ${server.infoKeys.join(', ')} (the airport list)`);
console.log(`Try: curl -H 'Ocp-Apim-Subscription-Key: ${server.keys[0] ?? ''}' ${server.url}/waittimepublic/v2/airports/ARN`);
console.log('Press Ctrl+C to stop.');

const stop = () => {
  server.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
