import { useRef, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { originPattern, releaseOrigin, requestOrigins } from '@/lib/browser/permissions';
import { ok } from '@/lib/result';
import type { AirportSettingsInput } from './airport-form';
import { QUIET, type Feedback } from './check-feedback';
import { whileWaiting } from './permission-wait';
import type { InstanceSettingsInput } from './instance-form';
import { useAirportSettings, type AirportSettingsState } from './useAirportSettings';
import { useInstanceSettings, type InstanceSettingsState } from './useInstanceSettings';

export interface OptionsPageState {
  /** The Password Pusher section; null in a package without sharing (build/packages.ts). */
  instance: InstanceSettingsState | null;
  /** The airport section; null in a package without the side panel. */
  airport: AirportSettingsState | null;
  /** Every section loaded: the form can be shown. */
  ready: boolean;
  /** Everything the page announces, in page order: the save itself, then the instance, then the airport API. */
  feedback: Feedback;
  /**
   * Validates both sections, asks for every host they use in one prompt, saves both, then checks
   * both. Returns the id of the first invalid field, if any, so the caller can move the focus there.
   */
  save: () => string | null;
  /** The airport Test button: its result shows next to it, and the older Save outcome goes. */
  test: () => string | null;
}

/**
 * The whole options page behind one Save.
 *
 * What is saved when: nothing unless both sections are valid and every host permission is
 * granted; then everything, before any check, and it stays saved when a check fails. A check is
 * a diagnosis, not a gate: a server may be down for a minute or the laptop offline, and a person
 * who pressed Save expects what the form shows to be what Pushgate uses from now on.
 */
export function useOptionsPage(): OptionsPageState {
  // Which sections there are is fixed when the package is built (build/packages.ts): the same hooks
  // run in the same order on every render, and the other purpose's section drops out of the bundle.
  // biome-ignore lint/correctness/useHookAtTopLevel: the condition is a build-time constant
  const instance = import.meta.env.PUSHGATE_SHARE ? useInstanceSettings() : null;
  // biome-ignore lint/correctness/useHookAtTopLevel: the condition is a build-time constant
  const airport = import.meta.env.PUSHGATE_AIRPORT ? useAirportSettings() : null;
  /** What the page says about the save itself: invalid fields, a refused permission, a failed write. */
  const [note, setNote] = useState<Feedback>(QUIET);
  /** True from the permission prompt until storage is written: a second Save meanwhile is ignored. */
  const saving = useRef(false);

  function save(): string | null {
    if (saving.current || instance?.draft === null || airport?.draft === null) return null;
    const pushSide = instance ? instance.validate() : ok(null);
    const airportSide = airport ? airport.validate() : ok(null);
    instance?.quiet();
    airport?.quiet();
    if (!pushSide.ok || !airportSide.ok) {
      setNote({ ...QUIET, alert: [t('optionsFixFields')] });
      return !pushSide.ok ? pushSide.error : airportSide.ok ? null : airportSide.error;
    }
    setNote(QUIET);
    // Without a key nothing calls the airport API, and without an instance nothing calls Password
    // Pusher: such a host is not asked for.
    const origins = uniqueByPattern([
      ...(pushSide.value?.origin ? [pushSide.value.origin] : []),
      ...(airportSide.value?.keys.primary ? [airportSide.value.origin] : []),
    ]);
    // Called before any await: the browser shows the prompt only during the click's user gesture.
    const permission = origins.length > 0 ? requestOrigins(origins) : Promise.resolve(true);
    saving.current = true;
    void saveGranted(permission, origins, pushSide.value, airportSide.value).finally(() => {
      saving.current = false;
    });
    return null;
  }

  /** Stores both sections once the permission is granted, checks both, gives back unused hosts; an alert when nothing was saved. */
  async function saveGranted(
    permission: Promise<boolean>,
    origins: string[],
    pushSide: InstanceSettingsInput | null,
    airportSide: AirportSettingsInput | null,
  ): Promise<void> {
    const named = originList(origins);
    let granted: boolean;
    try {
      granted = await whileWaiting(permission, () => setNote({ ...QUIET, status: [t('optionsWaitingForPermission')] }));
    } catch {
      setNote({ ...QUIET, alert: [t('optionsPermissionFailed', named)] });
      return;
    }
    if (!granted) {
      // With the airport API among them, the way out is also to save without its key. The constant is
      // written out, not put in a function, so that the Share package keeps none of these words.
      setNote({
        ...QUIET,
        alert: [
          import.meta.env.PUSHGATE_AIRPORT && (!import.meta.env.PUSHGATE_SHARE || airportSide?.keys.primary)
            ? t('optionsAirportPermissionDeclinedBoth', named)
            : t('optionsPermissionDeclined', named),
        ],
      });
      return;
    }
    setNote(QUIET);
    const before = [instance?.savedOrigin() ?? '', airport?.inUseOrigin() ?? '', ...(airport?.testedOrigins() ?? [])];
    try {
      if (instance && pushSide) await instance.commit(pushSide);
      if (airport && airportSide) await airport.commit(airportSide);
    } catch {
      setNote({ ...QUIET, alert: [t('optionsSaveFailed')] });
      return;
    }
    if (instance && pushSide?.origin) instance.recheck(pushSide.origin, pushSide.token, true);
    else setNote({ ...QUIET, status: [t('optionsSaved')] });
    if (airport && airportSide) airport.check(airportSide, true);
    // Never give back a host the other section still uses; releaseOrigin skips manifest-granted ones.
    const inUse = new Set(origins.map(originPattern));
    for (const origin of uniqueByPattern(before.filter(Boolean))) {
      if (!inUse.has(originPattern(origin))) await releaseOrigin(origin);
    }
  }

  function test(): string | null {
    setNote(QUIET);
    instance?.quiet();
    return airport ? airport.test() : null;
  }

  const ready = instance?.draft !== null && airport?.draft !== null;
  const parts = [note, ...(instance ? [instance.feedback] : []), ...(airport ? [airport.feedback] : [])];
  const alert = parts.flatMap((part) => part.alert);
  // One outcome per Save: when a "Saved, but …" line says it already, no separate "Saved." above it.
  const savedBut = alert.some((line) => SAVED_BUT_KEYS.some((key) => line === t(key)));
  const status = parts.flatMap((part) => part.status).filter((line) => !(savedBut && line === t('optionsSaved')));
  const feedback = { status, alert };
  return { instance, airport, ready, feedback, save, test };
}

/** Lines that confirm the save while reporting a problem. */
const SAVED_BUT_KEYS = [
  ...(import.meta.env.PUSHGATE_SHARE ? ['optionsSavedButCheckFailed', 'optionsSavedButTokenRejected'] : []),
  ...(import.meta.env.PUSHGATE_AIRPORT ? ['optionsAirportSavedButCheckFailed'] : []),
];

/** One origin per host pattern: the same host on two ports is one permission (see `originPattern`). */
function uniqueByPattern(origins: string[]): string[] {
  const seen = new Set<string>();
  return origins.filter((origin) => {
    const pattern = originPattern(origin);
    if (seen.has(pattern)) return false;
    seen.add(pattern);
    return true;
  });
}

function originList(origins: string[]): string {
  return import.meta.env.PUSHGATE_SHARE && import.meta.env.PUSHGATE_AIRPORT && origins.length > 1
    ? t('optionsAirportOriginPair', origins[0]!, origins[1]!)
    : (origins[0] ?? '');
}
