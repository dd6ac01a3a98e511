import { useRef, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { originPattern, releaseOrigin, requestOrigins } from '@/lib/browser/permissions';
import type { AirportSettingsInput } from './airport-form';
import { QUIET, type Feedback } from './check-feedback';
import { whileWaiting } from './permission-wait';
import type { InstanceSettingsInput } from './instance-form';
import { useAirportSettings, type AirportSettingsState } from './useAirportSettings';
import { useInstanceSettings, type InstanceSettingsState } from './useInstanceSettings';

export interface OptionsPageState {
  instance: InstanceSettingsState;
  airport: AirportSettingsState;
  /** Both sections loaded: the form can be shown. */
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
  const instance = useInstanceSettings();
  const airport = useAirportSettings();
  /** What the page says about the save itself: invalid fields, a refused permission, a failed write. */
  const [note, setNote] = useState<Feedback>(QUIET);
  /** True from the permission prompt until storage is written: a second Save meanwhile is ignored. */
  const saving = useRef(false);

  function save(): string | null {
    if (saving.current || !instance.draft || !airport.draft) return null;
    const pushSide = instance.validate();
    const airportSide = airport.validate();
    instance.quiet();
    airport.quiet();
    if (!pushSide.ok || !airportSide.ok) {
      setNote({ ...QUIET, alert: [t('optionsFixFields')] });
      return !pushSide.ok ? pushSide.error : airportSide.ok ? null : airportSide.error;
    }
    setNote(QUIET);
    // Without a key nothing calls the airport API, and without an instance nothing calls Password
    // Pusher: such a host is not asked for.
    const origins = uniqueByPattern([
      ...(pushSide.value.origin ? [pushSide.value.origin] : []),
      ...(airportSide.value.keys.primary ? [airportSide.value.origin] : []),
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
    pushSide: InstanceSettingsInput,
    airportSide: AirportSettingsInput,
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
      setNote({
        ...QUIET,
        alert: [origins.length > 1 ? t('optionsAirportPermissionDeclinedBoth', named) : t('optionsPermissionDeclined', named)],
      });
      return;
    }
    setNote(QUIET);
    const before = [instance.savedOrigin(), airport.inUseOrigin(), ...airport.testedOrigins()];
    try {
      await instance.commit(pushSide);
      await airport.commit(airportSide);
    } catch {
      setNote({ ...QUIET, alert: [t('optionsSaveFailed')] });
      return;
    }
    if (pushSide.origin) instance.recheck(pushSide.origin, pushSide.token, true);
    else setNote({ ...QUIET, status: [t('optionsSaved')] });
    airport.check(airportSide, true);
    // Never give back a host the other section still uses; releaseOrigin skips manifest-granted ones.
    const inUse = new Set(origins.map(originPattern));
    for (const origin of uniqueByPattern(before.filter(Boolean))) {
      if (!inUse.has(originPattern(origin))) await releaseOrigin(origin);
    }
  }

  function test(): string | null {
    setNote(QUIET);
    instance.quiet();
    return airport.test();
  }

  const ready = instance.draft !== null && airport.draft !== null;
  const parts = [note, instance.feedback, airport.feedback];
  const alert = parts.flatMap((part) => part.alert);
  // One outcome per Save: when a "Saved, but …" line says it already, no separate "Saved." above it.
  const savedBut = alert.some((line) => SAVED_BUT_KEYS.some((key) => line === t(key)));
  const status = parts.flatMap((part) => part.status).filter((line) => !(savedBut && line === t('optionsSaved')));
  const feedback = { status, alert };
  return { instance, airport, ready, feedback, save, test };
}

/** Lines that confirm the save while reporting a problem. */
const SAVED_BUT_KEYS = ['optionsSavedButCheckFailed', 'optionsSavedButTokenRejected', 'optionsAirportSavedButCheckFailed'];

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
  return origins.length > 1 ? t('optionsAirportOriginPair', origins[0]!, origins[1]!) : (origins[0] ?? '');
}
