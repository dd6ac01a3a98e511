import { requestOrigin } from '../browser/permissions';
import { airportAccessRefused } from '../settings/airport';

/**
 * Host access to an airport website's feed, asked for one origin at a time from the side panel
 * (docs/airport-sources.md#sources): the person's answer is remembered, so a refusal is explained
 * and never prompted again by the panel itself.
 */

/** The person declined host access to a feed's origin: remembered, so the panel explains instead of asking again. */
export async function rememberRefusal(origin: string, at: number = Date.now()): Promise<void> {
  await airportAccessRefused.setValue({ ...(await airportAccessRefused.getValue()), [origin]: at });
}

/** Access was granted after all: the refusal is forgotten. */
export async function forgetRefusal(origin: string): Promise<void> {
  const refused = await airportAccessRefused.getValue();
  if (!(origin in refused)) return;
  const { [origin]: _granted, ...rest } = refused;
  await airportAccessRefused.setValue(rest);
}

/**
 * Asks the browser for `origin` and remembers the answer. Call it straight from the click: the
 * browser prompts only during the user gesture, so the request goes out before any await. A browser
 * that refuses to ask counts as declined.
 */
export function askForAccess(origin: string): Promise<{ granted: boolean; at: number }> {
  const asked = requestOrigin(origin).catch(() => false);
  return asked.then(async (granted) => {
    const at = Date.now();
    await (granted ? forgetRefusal(origin) : rememberRefusal(origin, at)).catch(() => undefined);
    return { granted, at };
  });
}
