import { LINK_PREVIEWERS } from './link-previewers';

export type Viewer = { kind: 'preview' | 'scanner'; id: string } | { kind: 'browser' } | { kind: 'unknown' };

/** A desktop or mobile system as browsers name it in their user agent. */
const SYSTEM = /\((?:Windows NT [\d.]+|Macintosh; |X11; |Linux; Android |iPhone; |iPad; |CrOS )/;

/** Chrome, Edge, Firefox or Safari, each with its own version token. */
const BROWSER = /\b(?:Chrome|CriOS|Edg|EdgA|EdgiOS|Firefox|FxiOS)\/\d+|\bVersion\/[\d.]+ (?:Mobile\/\w+ )?Safari\/[\d.]+/;

/**
 * What no person's browser sends: a headless or automated Chrome, a crawler's "compatible;" form or
 * its contact address, an in-app web view of a tool. Such an agent is a machine of a kind the table
 * does not know, so it is "unknown", never "a browser".
 */
const NOT_A_PERSON = /HeadlessChrome|Electron\/|PhantomJS|Lighthouse|\bcompatible;|\bbot\b|crawler|spider|preview|https?:\/\/|\+http|@/i;

/**
 * Who opened a push, from its audit log entry's user agent (and referrer). A link preview or mail
 * scanner is named when its agent says so (lib/receipts/link-previewers.ts); a browser only when the
 * agent is a real browser's on a desktop or mobile system and names no previewer; anything else,
 * including an empty agent, curl or a headless browser, is "unknown", never guessed as a person.
 * Some previewers send a browser's agent with their own token added (Apple's preview a Safari one,
 * Google's image proxy a Firefox one), so the table is asked first; a scanner that sends a browser's
 * agent unchanged (Outlook's Safe Links detonation, Mimecast) is counted as a browser, which the
 * table's header says.
 */
export function classifyViewer(userAgent: string | null | undefined, referrer?: string | null): Viewer {
  const agent = (userAgent ?? '').trim();
  const from = (referrer ?? '').trim();
  for (const previewer of LINK_PREVIEWERS) {
    const byAgent = agent !== '' && previewer.userAgent.some((pattern) => pattern.test(agent));
    const byReferrer = from !== '' && (previewer.referrer ?? []).some((pattern) => pattern.test(from));
    if (byAgent || byReferrer) return { kind: previewer.kind, id: previewer.id };
  }
  if (agent.startsWith('Mozilla/5.0 (') && SYSTEM.test(agent) && BROWSER.test(agent) && !NOT_A_PERSON.test(agent)) {
    return { kind: 'browser' };
  }
  return { kind: 'unknown' };
}
