import { defineMessages } from '../messaging';

/** What the popup, the background and Chrome's offscreen document tell each other about the clipboard. */
export const clipboardMessages = defineMessages<{
  /** Background → offscreen document (Chrome): write the secret link to the clipboard. */
  'offscreen:copy': { request: { text: string }; response: { copied: boolean } };
  /** Background → offscreen document (Chrome): clear this secret from the clipboard later (./clearer.ts). */
  'offscreen:clear-later': { request: { text: string; delayMs: number }; response: { scheduled: boolean } };
  /** Background → offscreen document (Chrome): empty the clipboard now without reading it, and drop a waiting clear (the lockdown). */
  'offscreen:empty': { request: Record<string, never>; response: { emptied: boolean } };
  /** Background → offscreen document (Chrome): is a clear still waiting? Then the document stays open. */
  'offscreen:busy': { request: Record<string, never>; response: { busy: boolean } };
  /** Offscreen document → background (Chrome): no clear is waiting any more; close me. */
  'clipboard:clear-settled': { request: Record<string, never>; response: { closed: boolean } };
  /** Popup → background: the person copied this secret; clear it from the clipboard after the delay. */
  'clipboard:clear-later': { request: { text: string; delaySeconds: number }; response: { scheduled: boolean } };
}>();
