#!/usr/bin/env node
// Runs the reference server for demos and outside acceptance tests:
//   node test/servers/pwpush/cli.mjs [--port N] [--edition oss|commercial] [--no-anonymous] [--first-run] [--pagination-headers] [--pw-version 2.4.1|2.8.2|2.11.4]
// Control it over HTTP: POST /__control/fault|reset|options|time|answer, GET /__control/requests|pushes|secret-requests.
import { parseArgs } from 'node:util';
import { startPwpushServer } from './server.mjs';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    edition: { type: 'string', default: 'oss' },
    'no-anonymous': { type: 'boolean', default: false },
    'first-run': { type: 'boolean', default: false },
    'pagination-headers': { type: 'boolean', default: false },
    'pw-version': { type: 'string', default: '2.11.4' },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be an integer 0–65535, got ${values.port}`);
  process.exit(2);
}

if (values.edition !== 'oss' && values.edition !== 'commercial') {
  console.error(`--edition must be oss or commercial, got ${values.edition}`);
  process.exit(2);
}

if (!/^\d+\.\d+\.\d+$/.test(values['pw-version'])) {
  console.error(`--pw-version must look like 2.11.4, got ${values['pw-version']}`);
  process.exit(2);
}

const server = await startPwpushServer({
  port,
  edition: values.edition,
  allowAnonymous: !values['no-anonymous'],
  firstRun: values['first-run'],
  paginationHeaders: values['pagination-headers'],
  version: values['pw-version'],
});

console.log(`pwpush reference server on ${server.url}`);
for (const user of server.users) {
  console.log(`  API token for ${user.email}: ${user.token}`);
  // The commercial edition's accounts (docs/password-pusher.md#accounts).
  if (values.edition === 'commercial') for (const account of user.accounts ?? []) console.log(`    account ${account.id}: ${account.name}`);
}
console.log(`  imitates Password Pusher ${values['pw-version']}`);
console.log(
  '  control: POST /__control/fault | /__control/reset | /__control/options | /__control/time, GET /__control/requests | /__control/pushes',
);

const stop = () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
