import { useEffect, useRef, useState } from 'preact/hooks';
import { callsThisMonth } from '@/lib/wait-times/connection';
import { t } from '@/lib/i18n';
import { requestOrigin } from '@/lib/browser/permissions';
import { fail, ok, type Result } from '@/lib/result';
import type { FeedId } from '@/lib/airport/airport-board';
import { FEED_IDS } from '@/lib/airport/sources/catalog';
import {
  airportApiUrl,
  airportFeedCalls,
  airportFeedUrls,
  airportKeys,
  airportKeysFor,
  airportListFailedAt,
  airportRefreshMinutes,
  defaultAirport,
} from '@/lib/settings';
import { feedCallsOf } from '@/lib/wait-times/feed-calls';
import { feedFieldId } from './feed-form';
import { storage } from '@/lib/settings/storage-item';
import { airportFeedback, checkAirport } from './airport-check';
import {
  AIRPORT_FIELD_IDS,
  airportDraftFrom,
  changeAirportDraft,
  readAirportDraft,
  type AirportDraft,
  type AirportErrors,
  type AirportField,
  type AirportSettingsInput,
} from './airport-form';
import { QUIET, type Feedback } from './check-feedback';
import { whileWaiting } from './permission-wait';

export interface AirportSettingsState {
  /** null until the stored settings are loaded. */
  draft: AirportDraft | null;
  update: (change: Partial<AirportDraft>) => void;
  errors: AirportErrors;
  /** The origin whose keys were emptied because the URL changed (for the note that says why), or null. */
  keysClearedFor: string | null;
  /** What the page says about the airport API after Save (its part of the Save outcome). */
  feedback: Feedback;
  /** The Test button's own outcome, shown next to it. */
  testFeedback: Feedback;
  /** Requests counted this month on this device. */
  calls: number;
  /** Requests to each airport website this month, on this device. */
  feedCalls: Partial<Record<FeedId, number>>;
  /** Checks the form and marks the wrong fields: the settings to save, or the element id of the first wrong field. */
  validate: () => Result<AirportSettingsInput, string>;
  /** Writes the settings (throws when storage fails) and shows the stored form. */
  commit: (input: AirportSettingsInput) => Promise<void>;
  /** The origin the saved settings call, '' while no key is saved (then nothing is called). */
  inUseOrigin: () => string;
  /** Origins granted for a Test during this visit: Save gives back the ones it does not use. */
  testedOrigins: () => string[];
  /** The check after Save: one request, only when a key is saved. */
  check: (input: AirportSettingsInput, afterSave: boolean) => void;
  /**
   * The Test button: tries the typed (unsaved) URL and keys. Asks for the host permission
   * synchronously, so call it straight from the click. Returns the id of the first wrong field.
   */
  test: () => string | null;
  /** Drops the feedback, and any check still running. */
  quiet: () => void;
}

/** The airport section's settings: load, edit, validate, store, check and test. */
export function useAirportSettings(): AirportSettingsState {
  const [draft, setDraft] = useState<AirportDraft | null>(null);
  const [errors, setErrors] = useState<AirportErrors>({});
  const [keysClearedFor, setKeysClearedFor] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<Feedback>(QUIET);
  const [testFeedback, setTestFeedback] = useState<Feedback>(QUIET);
  const [calls, setCalls] = useState(0);
  const [feedCalls, setFeedCalls] = useState<Partial<Record<FeedId, number>>>({});
  const storedOrigin = useRef('');
  const tested = useRef(new Set<string>());
  /** A Test waiting for its permission or answer: another press would only spend quota. */
  const testing = useRef(false);
  /** The newest check owns the feedback; an older one answering late is dropped. */
  const generation = useRef(0);

  useEffect(() => {
    void loadStored().then(({ stored, count, feeds }) => {
      storedOrigin.current = stored.keys.primary ? stored.url : '';
      setDraft(airportDraftFrom(stored));
      setCalls(count);
      setFeedCalls(feeds);
    });
  }, []);

  function update(change: Partial<AirportDraft>): void {
    if (!draft) return;
    const next = changeAirportDraft(draft, change);
    setDraft(next.draft);
    if (next.clearedFor !== null) {
      setKeysClearedFor(next.clearedFor);
      // Also through the page's live region: the fields emptied while the person typed elsewhere.
      quiet();
      setFeedback({ ...QUIET, status: [t('optionsAirportKeysCleared', next.clearedFor)] });
    } else if (change.primaryKey !== undefined || change.secondaryKey !== undefined || change.infoKey !== undefined)
      setKeysClearedFor(null);
  }

  function read(keyRequired: boolean): Result<AirportSettingsInput, string> {
    const reading = readAirportDraft(draft!, { keyRequired });
    setErrors(reading.ok ? {} : reading.errors);
    if (reading.ok) return ok(reading.value);
    const first = (Object.keys(AIRPORT_FIELD_IDS) as AirportField[]).find((field) => reading.errors[field]);
    const feed = FEED_IDS.find((source) => reading.errors.feeds?.[source]);
    return fail(first ? AIRPORT_FIELD_IDS[first] : feed ? feedFieldId(feed) : AIRPORT_FIELD_IDS.url);
  }

  function quiet(): void {
    generation.current++;
    setFeedback(QUIET);
    setTestFeedback(QUIET);
  }

  async function commit(input: AirportSettingsInput): Promise<void> {
    // One write: the side panel never sees the new URL next to keys meant for the old one.
    await storage.setItems([
      { item: airportApiUrl, value: input.origin },
      { item: airportKeys, value: { ...input.keys, origin: input.origin } },
      // New keys: the side panel may ask for the airport list again at once.
      { item: airportListFailedAt, value: 0 },
      { item: airportFeedUrls, value: input.feedUrls },
    ]);
    await defaultAirport.setValue(input.defaultAirport);
    await airportRefreshMinutes.setValue(input.refreshMinutes);
    storedOrigin.current = input.keys.primary ? input.origin : '';
    tested.current.clear();
    setKeysClearedFor(null);
    setDraft(
      airportDraftFrom({
        url: input.origin,
        keys: input.keys,
        defaultAirport: input.defaultAirport,
        refreshMinutes: input.refreshMinutes,
        feedUrls: input.feedUrls,
      }),
    );
  }

  /** Runs one check and shows its answer unless a newer action took over meanwhile. */
  async function run(input: AirportSettingsInput, afterSave: boolean, current: number): Promise<void> {
    const result = await checkAirport(input);
    setCalls(await callsThisMonth());
    if (current === generation.current) (afterSave ? setFeedback : setTestFeedback)(airportFeedback(result, afterSave));
  }

  function check(input: AirportSettingsInput, afterSave: boolean): void {
    const current = ++generation.current;
    if (!input.keys.primary) {
      setFeedback(QUIET);
      return;
    }
    setFeedback({ ...QUIET, status: [t('optionsAirportChecking')] });
    void run(input, afterSave, current);
  }

  function test(): string | null {
    if (!draft || testing.current) return null;
    const reading = read(true);
    const current = ++generation.current;
    // The newest action owns the feedback: an older Save outcome goes.
    setFeedback(QUIET);
    if (!reading.ok) {
      setTestFeedback({ ...QUIET, alert: [t('optionsAirportTestFixFields')] });
      return reading.error;
    }
    const input = reading.value;
    // Before any await: the browser shows the prompt only during the click's user gesture.
    const permission = requestOrigin(input.origin);
    testing.current = true;
    setTestFeedback(QUIET);
    void testGranted(permission, input, current).finally(() => {
      testing.current = false;
    });
    return null;
  }

  async function testGranted(permission: Promise<boolean>, input: AirportSettingsInput, current: number): Promise<void> {
    const { origin } = input;
    let granted: boolean;
    try {
      granted = await whileWaiting(permission, () => {
        if (current === generation.current) setTestFeedback({ ...QUIET, status: [t('optionsWaitingForPermission')] });
      });
    } catch {
      if (current === generation.current) setTestFeedback({ ...QUIET, alert: [t('optionsAirportTestPermissionFailed', origin)] });
      return;
    }
    if (!granted) {
      if (current === generation.current) setTestFeedback({ ...QUIET, alert: [t('optionsAirportTestPermissionDeclined', origin)] });
      return;
    }
    if (origin !== storedOrigin.current) tested.current.add(origin);
    if (current === generation.current) setTestFeedback({ ...QUIET, status: [t('optionsAirportTesting')] });
    await run(input, false, current);
  }

  return {
    draft,
    update,
    errors,
    keysClearedFor,
    feedback,
    testFeedback,
    calls,
    feedCalls,
    validate: () => read(false),
    commit,
    inUseOrigin: () => storedOrigin.current,
    testedOrigins: () => [...tested.current],
    check,
    test,
    quiet,
  };
}

async function loadStored() {
  const [url, stored, airport, refreshMinutes, count, feedUrls, feedCalls] = await Promise.all([
    airportApiUrl.getValue(),
    airportKeys.getValue(),
    defaultAirport.getValue(),
    airportRefreshMinutes.getValue(),
    callsThisMonth(),
    airportFeedUrls.getValue(),
    airportFeedCalls.getValue(),
  ]);
  // Keys saved for another origin are not shown, so they cannot be saved or tested against this one.
  const { primary, secondary, info = '' } = airportKeysFor(url, stored);
  return {
    stored: { url, keys: { primary, secondary, info }, defaultAirport: airport, refreshMinutes, feedUrls },
    count,
    feeds: feedCallsOf(feedCalls),
  };
}
