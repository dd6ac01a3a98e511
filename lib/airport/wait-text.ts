import type { Wait } from './airport-board';

/**
 * Waits as the airports' websites write them (docs/airport-sources.md#value-forms): "10-15",
 * "10–15 min", "< 5", "> 20 min", "at least 45 min", "= 5", "45+", "ca. 10 Min.", "300 s". Anything
 * else reads as no value (null), never as 0: "closed", "", "--" are words, not waits.
 */

const NUMBER = String.raw`(\d+(?:[.,]\d+)?)`;
const number = (text: string): number => Number(text.replace(',', '.'));

/** Words that say "about": the figure stays what it is. */
const ABOUT =
  /^(?:approx(?:imately|\.)?|about|around|circa|ca\.?|ungefär|cirka|etwa|rund|aprox(?:imadamente|\.)?|environ|circa|ongeveer|ong\.?|~)\s*/;

const UNDER = /^(?:<|less than|under|below|unter|weniger als|mindre än|menos de|moins de|meno di|minder dan|onder)\s*/;
const AT_MOST = /^(?:<=|≤|=<|up to|at most|max(?:imum|\.)?|bis zu|höchstens|högst|hasta|jusqu'à|fino a|hooguit|maximaal)\s*/;
const AT_LEAST =
  /^(?:>=|≥|=>|>|at least|more than|over|above|min(?:imum|\.)|mindestens|mehr als|über|minst|över|mer än|al menos|más de|au moins|plus de|almeno|più di|minstens|meer dan|ruim)\s*/;

/** A unit after a figure: minutes unless it says seconds or hours. */
const SECONDS = /^(?:s|sec|secs|second|seconds|sek|sekunden|sekunder|segundos|secondes|secondi|seconden)\.?$/;
const HOURS = /^(?:h|hr|hrs|hour|hours|std|stunde|stunden|tim|timme|timmar|horas?|heures?|ore|ora|uur)\.?$/;
const MINUTES = /^(?:m|min|mins|minute|minutes|minuten|minuter|minutos|minuti)\.?$/;

type Unit = 'minutes' | 'seconds' | 'hours' | null;

function unitOf(word: string): Unit {
  if (word === '') return 'minutes';
  if (MINUTES.test(word)) return 'minutes';
  if (SECONDS.test(word)) return 'seconds';
  if (HOURS.test(word)) return 'hours';
  return null;
}

const toMinutes = (value: number, unit: Exclude<Unit, null>): number =>
  unit === 'seconds' ? value / 60 : unit === 'hours' ? value * 60 : value;

/** One figure with its unit ("12", "12 min", "300 s"), or the figures of a range ("10-15 min", "10 to 15"). */
function figures(text: string): number[] | null {
  const match = new RegExp(String.raw`^${NUMBER}(?:\s*(?:-|to|till|bis|a|à|tot)\s*${NUMBER})?\s*([a-zäöü.]*)$`).exec(text);
  if (!match) return null;
  const unit = unitOf(match[3]!);
  if (!unit) return null;
  return [match[1]!, match[2]].filter((part): part is string => part !== undefined).map((part) => toMinutes(number(part), unit));
}

/** The wait a website's text states, or null when it states none Pushgate can read. */
export function readWaitText(value: unknown): Wait | null {
  if (typeof value !== 'string') return null;
  let text = value
    .toLowerCase()
    .replace(/[\u2012-\u2015\u2212]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\.$/, '');
  // "= 5": Dublin's form (docs/airport-sources.md#dub); the figure as it is.
  text = text.replace(/^=\s*/, '').replace(ABOUT, '');
  // A negative figure ("= -1") is no queue at all: less than a minute, never a made-up 0.
  if (/^-\d+(?:[.,]\d+)?(?:\s*[a-z.]*)?$/.test(text)) return { kind: 'under', minutes: 1 };
  // "45+", "45+ min".
  const plus = new RegExp(String.raw`^${NUMBER}\s*\+\s*([a-z.]*)$`).exec(text);
  if (plus) {
    const unit = unitOf(plus[2]!);
    return unit ? atLeast(toMinutes(number(plus[1]!), unit)) : null;
  }
  for (const [pattern, make] of [
    [AT_MOST, atMost],
    [UNDER, under],
    [AT_LEAST, atLeast],
  ] as const) {
    const bound = pattern.exec(text);
    if (!bound) continue;
    const rest = figures(text.slice(bound[0].length));
    return rest?.length === 1 ? make(rest[0]!) : null;
  }
  const found = figures(text);
  if (!found) return null;
  if (found.length === 1) return minutes(found[0]!);
  const [from, to] = [Math.min(found[0]!, found[1]!), Math.max(found[0]!, found[1]!)];
  return Math.floor(from) === Math.ceil(to) ? minutes(from) : { kind: 'range', from: Math.floor(from), to: Math.ceil(to) };
}

/**
 * A figure the feed gives as a number, in the feed's unit: whole minutes, rounded (a figure
 * above 0 that rounds to 0 is under a minute). A negative
 * figure (seen from Oslo, docs/airport-sources.md#osl) is no queue at all: less than a minute,
 * never shown as a made-up 0. Not a finite number: no value.
 */
export function readWaitNumber(value: unknown, unit: 'minutes' | 'seconds'): Wait | null {
  const figure = typeof value === 'string' && /^\s*-?\d+(?:\.\d+)?\s*$/.test(value) ? Number(value) : value;
  if (typeof figure !== 'number' || !Number.isFinite(figure)) return null;
  if (figure < 0) return { kind: 'under', minutes: 1 };
  const inMinutes = unit === 'seconds' ? figure / 60 : figure;
  // 29 seconds is a queue, however short: "under 1 min", not a 0 the feed never said.
  return inMinutes > 0 && Math.round(inMinutes) === 0 ? { kind: 'under', minutes: 1 } : minutes(inMinutes);
}

function minutes(value: number): Wait {
  return { kind: 'minutes', minutes: Math.round(value) };
}

function under(value: number): Wait {
  return { kind: 'under', minutes: Math.ceil(value) };
}

function atMost(value: number): Wait {
  return { kind: 'at-most', minutes: Math.ceil(value) };
}

function atLeast(value: number): Wait {
  return { kind: 'at-least', minutes: Math.floor(value) };
}
