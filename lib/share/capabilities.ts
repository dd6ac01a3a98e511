import { ok } from '@/lib/result';
import { originOf } from '@/lib/url';
import { capabilitiesCache, refusedKinds } from '@/lib/settings/pwpush';
import type { PushKind, PushResult, VersionInfo } from '@/lib/pwpush/types';

/**
 * What an instance can do, from `GET /version`, remembered per origin so a push costs one
 * request. There is no time-based expiry on purpose: features change only when an admin
 * reconfigures or upgrades the instance, and the two places that notice refresh the entry:
 * the options page (on open and on save) and sharing, when a create fails because a kind is
 * disabled. A time limit would add a surprise extra request to an otherwise single-request push.
 */

const inFlight = new Map<string, Promise<PushResult<VersionInfo>>>();

/**
 * The instance's capabilities: from the cache unless `refresh` is set or nothing is cached;
 * then asked of the server (without a token: `/version` is public) and stored with the time.
 * A failed check leaves the previous entry as it was. Concurrent checks of one origin share
 * one request.
 */
export async function getCapabilities(
  baseUrl: string,
  opts: { refresh?: boolean; fetch?: typeof fetch } = {},
): Promise<PushResult<VersionInfo>> {
  const key = originOf(baseUrl);
  if (!opts.refresh) {
    const cached = (await capabilitiesCache.getValue())[key];
    if (cached) return ok(cached.info);
  }
  const pending = inFlight.get(key);
  if (pending) return pending;
  const check = checkAndStore(baseUrl, key, opts.fetch).finally(() => inFlight.delete(key));
  inFlight.set(key, check);
  return check;
}

/** What the cache holds for this instance, without asking it: for decisions that must not cost a request. */
export async function cachedCapabilities(baseUrl: string): Promise<VersionInfo | undefined> {
  return (await capabilitiesCache.getValue())[originOf(baseUrl)]?.info;
}

async function checkAndStore(baseUrl: string, key: string, fetchFn?: typeof fetch): Promise<PushResult<VersionInfo>> {
  // Loaded only when the cache has no answer: a popup that opens with its capabilities cached
  // does not load the client at all.
  const { version } = await import('@/lib/pwpush/client');
  const result = await version({ baseUrl, fetch: fetchFn });
  if (result.ok) {
    // Read again: another origin may have been stored while the request was out.
    const cache = await capabilitiesCache.getValue();
    await capabilitiesCache.setValue({ ...cache, [key]: { info: result.value, checkedAt: Date.now() } });
  }
  return result;
}

/**
 * The push kinds this instance accepts from this person, in display order. Text whenever
 * pushes are enabled; URL and QR when switched on; files only with a token, because any
 * `files` key makes the server demand one (docs/password-pusher.md#create).
 */
export function enabledKinds(info: VersionInfo, hasToken: boolean, refused: readonly PushKind[] = []): PushKind[] {
  const { features } = info;
  if (!features.pushesEnabled) return [];
  const kinds: PushKind[] = ['text'];
  if (features.urlPushes) kinds.push('url');
  if (features.qrPushes) kinds.push('qr');
  if (features.fileAttachments.enabled && hasToken) kinds.push('file');
  return kinds.filter((kind) => !refused.includes(kind));
}

/** The instance answered a push of `kind` with a 422 on `kind`: not offered again this session. */
export async function rememberRefusedKind(baseUrl: string, kind: PushKind): Promise<void> {
  const origin = originOf(baseUrl);
  const all = await refusedKinds.getValue();
  if (all[origin]?.includes(kind)) return;
  await refusedKinds.setValue({ ...all, [origin]: [...(all[origin] ?? []), kind] });
}
