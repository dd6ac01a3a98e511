// Pushes put straight into the store: a large account for the tests that need one, without the
// thousands of creations the throttle would refuse (docs/password-pusher.md#throttling).

/**
 * @typedef {{ owner?: string, account?: number | null, name?: string, payload?: string, createdAt?: number, expired?: boolean,
 *   expireAfterDays?: number, expireAfterViews?: number, kind?: 'text' | 'url', deletableByViewer?: boolean }} SeedPush
 */

const SEEDER = { ip: '127.0.0.1', userAgent: 'seed', referrer: '' };

/** @param {import('./store.mjs').PushStore} store @param {SeedPush[]} pushes */
export function seedPushes(store, pushes) {
  return pushes.map((seed) => {
    const push = store.add(
      {
        kind: seed.kind ?? 'text',
        payload: seed.payload ?? 'seeded',
        passphrase: '',
        name: seed.name ?? '',
        note: '',
        owner: seed.owner ?? null,
        account: seed.account ?? null,
        expireAfterDays: seed.expireAfterDays ?? 7,
        expireAfterViews: seed.expireAfterViews ?? 5,
        // URL pushes have no such setting: only their owner can expire them (docs/password-pusher.md#delete).
        deletableByViewer: seed.kind === 'url' ? null : (seed.deletableByViewer ?? true),
        retrievalStep: false,
        files: [],
      },
      SEEDER,
    );
    if (seed.createdAt !== undefined) {
      push.createdAt = seed.createdAt;
      push.updatedAt = seed.createdAt;
      push.audit[0].at = seed.createdAt;
    }
    if (seed.expired) store.expire(push);
    return push;
  });
}
