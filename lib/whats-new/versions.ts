/**
 * Pushgate's versions are `major.minor.patch` (package.json, set by `npm version`). A patch release
 * (x.y.Z) fixes what a version already does; a minor or major one brings new behaviour, and only
 * that is worth a dot on the toolbar icon.
 */

/** `[major, minor, patch]`, or null for anything that is not three whole numbers. */
export function parseVersion(version: string): [number, number, number] | null {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/** Negative when `a` is older than `b`, 0 when the same, positive when newer; unreadable versions sort first. */
export function compareVersions(a: string, b: string): number {
  const none: [number, number, number] = [-1, -1, -1];
  const [x, y] = [parseVersion(a) ?? none, parseVersion(b) ?? none];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

/** Whether updating from `previous` to `current` brings new behaviour: a newer major or minor, not a patch alone. */
export function bringsNewBehaviour(previous: string, current: string): boolean {
  const [from, to] = [parseVersion(previous), parseVersion(current)];
  if (!from || !to) return false;
  return to[0] > from[0] || (to[0] === from[0] && to[1] > from[1]);
}

/** `x.y` of a version: the release its patches belong to. */
export function releaseOf(version: string): string {
  const parsed = parseVersion(version);
  return parsed ? `${parsed[0]}.${parsed[1]}` : version;
}
