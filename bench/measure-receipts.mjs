// Read receipts' cost in requests for 10 watched pushes: one poll counted against the reference
// server, times the polls an hour the schedule makes (lib/receipts/schedule.ts), for a push in its
// first hour, its first day, and later. No hour-long run: the schedule is pure and tested.
import { runnerImport } from 'vite';

const WATCHED = 10;
const HOUR_MS = 3_600_000;

/** The TypeScript module at `path`, loaded by Vite's module runner (a dependency already). */
const load = async (path) => (await runnerImport(new URL(path, import.meta.url).pathname, { configFile: false })).module;

/** Runs the watcher's own poll (lib/receipts/poll.ts) from Node against the bench's server. */
export async function measureReceipts(servers) {
  const { poll } = await load('../lib/receipts/poll.ts');
  const { MAX_REQUESTS_PER_POLL, requestsPerHour } = await load('../lib/receipts/schedule.ts');
  const client = await load('../lib/pwpush/client.ts');
  const owner = { baseUrl: servers.pwpush.url, token: servers.pwpush.users[0].token };
  const watched = [];
  for (let i = 0; i < WATCHED; i++) {
    const made = await client.createPush(owner, { kind: 'text', payload: `receipts bench ${i}`, expireAfterViews: 5 });
    if (!made.ok) throw new Error(`bench: a push for the receipts count failed (${made.error.kind})`);
    watched.push({ entryId: String(i), urlToken: made.value.urlToken, viewsRemaining: 5, auditRead: 0 });
  }
  const before = servers.pwpush.requests.length;
  await poll(watched, {
    active: (page) => client.activePushes(owner, page),
    expired: (page) => client.expiredPushes(owner, page),
    audit: (token, page) => client.auditLog(owner, token, page),
    now: Date.now(),
    maxRequests: MAX_REQUESTS_PER_POLL,
  });
  const perPoll = servers.pwpush.requests.length - before;
  return {
    perPoll: [perPoll],
    firstHour: [requestsPerHour(0, perPoll)],
    firstDay: [requestsPerHour(2 * HOUR_MS, perPoll)],
    later: [requestsPerHour(48 * HOUR_MS, perPoll)],
  };
}
