/**
 * Every stored setting, typed, with its default: the one settings module, in three files by
 * subject so that a page loads only the items it uses: the popup opens with the Password Pusher
 * ones alone (docs/performance.md, rule 3). Nothing secret lives here but the API token and the
 * airport keys, and those only in `local` or `session`: `sync` would copy them to every
 * signed-in browser. Payloads and passphrases are never stored anywhere.
 */
export * from './pwpush';
export * from './account';
export * from './privacy';
export * from './airport';
export * from './receipts';
export * from './policy';
export { limitsOf, NO_LIMITS, withinLimits, type PushLimits } from './in-force';
export type { ManagedPolicy, PolicyKey, PolicyReading, PolicyRefusal, RefusalReason } from './managed';
export * from './watches';
