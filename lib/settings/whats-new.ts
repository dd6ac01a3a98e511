import { storage } from './storage-item';

/**
 * "What's new" after an update that brings new behaviour (lib/whats-new/update.ts): the version
 * updated from and to, and whether the person has seen it (the settings page's "What's new", or the
 * popup's link to it). Unseen, the toolbar icon carries a dot (lib/badge.ts). Null on a fresh
 * install and after a patch release only.
 */
export interface WhatsNewNote {
  since: string;
  version: string;
  seen: boolean;
}

export const whatsNew = /* @__PURE__ */ storage.defineItem<WhatsNewNote | null>('local:whatsNew', { fallback: null, version: 1 });
