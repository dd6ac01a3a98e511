#!/usr/bin/env node
// Run the airport feed reference servers by hand, every feed on its own port:
//   node test/servers/airport-sources/cli.mjs
import { startFeedServers } from './server.mjs';

const servers = await startFeedServers();
console.log('Airport feed reference servers (the demo of each feed; see README.md):');
for (const server of Object.values(servers)) console.log(`  ${server.id.padEnd(13)} ${server.feedUrl}`);
console.log('Press Ctrl+C to stop.');

const stop = () => {
  Promise.all(Object.values(servers).map((server) => server.close())).then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
