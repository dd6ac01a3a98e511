import { defineMessages } from '../browser/messaging';
import type { Watch, WatchRule, WatchTarget } from './types';

/**
 * What the side panel asks of the watches' one writer, the background (./background.ts): set one,
 * stop one, take an ended one off the list. The background checks each request (lib/browser/messaging.ts
 * answers this extension's own pages only) and answers with what it did.
 */

export interface WatchRequest {
  iata: string;
  target: WatchTarget;
  rule: WatchRule;
}

export type AddAnswer =
  | { ok: true; watch: Watch }
  | { ok: false; reason: 'invalid' | 'too-many' | 'no-access' | 'no-source' | 'flight-left' };

export const watchMessages = defineMessages<{
  'watches:add': { request: WatchRequest; response: AddAnswer };
  'watches:stop': { request: { id: string }; response: boolean };
  'watches:dismiss': { request: { id: string }; response: boolean };
}>();
