/**
 * Chat and mail web apps whose link previews or link scanners open a pasted link before its
 * recipient does. Without the retrieval step that fetch is the view that burns the secret (or
 * the last of its views), so a push made from one of them gets the step for that push
 * (docs/password-pusher.md#secret-url: `/p/<token>/r` shows a click-to-reveal page that a
 * preview fetch does not get past). Matched on the tab's address only; nothing is read from the page.
 *
 * Signal has no web app and is not listed. Hosts are exact, or `*.` for any subdomain of
 * a service that gives each workspace its own (Slack, Mattermost and Rocket.Chat cloud).
 */

import { t } from '../i18n';

/** Why the link would be opened: a chat's link preview, or a mail service's link scanning. */
export type OpenedBy = 'preview' | 'scanner';

export interface ChatApp {
  /** The product's own name, shown in the popup's line. */
  name: string;
  openedBy: OpenedBy;
}

interface Entry extends ChatApp {
  hosts: readonly string[];
  /** Only these paths of the hosts (a site whose messages are one part of it). */
  paths?: readonly string[];
}

/**
 * The table, built by each look rather than held by the module: a popup checks one address when it
 * opens, and the table is garbage after it instead of on the popup's heap for its life (docs/performance.md,
 * rule 16).
 */
function chatApps(): readonly Entry[] {
  return [
    { name: 'Slack', openedBy: 'preview', hosts: ['app.slack.com', '*.slack.com'] },
    { name: 'Microsoft Teams', openedBy: 'preview', hosts: ['teams.microsoft.com', 'teams.live.com', 'teams.cloud.microsoft'] },
    {
      name: 'Outlook',
      openedBy: 'scanner',
      hosts: ['outlook.live.com', 'outlook.office.com', 'outlook.office365.com', 'outlook.cloud.microsoft'],
    },
    { name: 'Gmail', openedBy: 'scanner', hosts: ['mail.google.com'] },
    { name: 'Google Chat', openedBy: 'preview', hosts: ['chat.google.com'] },
    { name: 'WhatsApp', openedBy: 'preview', hosts: ['web.whatsapp.com'] },
    { name: 'Discord', openedBy: 'preview', hosts: ['discord.com', 'ptb.discord.com', 'canary.discord.com'], paths: ['/channels'] },
    { name: 'Telegram', openedBy: 'preview', hosts: ['web.telegram.org'] },
    { name: 'Messenger', openedBy: 'preview', hosts: ['www.messenger.com', 'messenger.com'] },
    { name: 'Facebook Messenger', openedBy: 'preview', hosts: ['www.facebook.com'], paths: ['/messages'] },
    { name: 'Instagram', openedBy: 'preview', hosts: ['www.instagram.com'], paths: ['/direct'] },
    { name: 'Zoom', openedBy: 'preview', hosts: ['app.zoom.us'] },
    { name: 'Mattermost', openedBy: 'preview', hosts: ['*.cloud.mattermost.com'] },
    { name: 'Rocket.Chat', openedBy: 'preview', hosts: ['*.rocket.chat'] },
    { name: 'Element', openedBy: 'preview', hosts: ['app.element.io'] },
    { name: 'LinkedIn', openedBy: 'preview', hosts: ['www.linkedin.com'], paths: ['/messaging'] },
    { name: 'X', openedBy: 'preview', hosts: ['x.com', 'twitter.com'], paths: ['/messages', '/i/chat'] },
    { name: 'Skype', openedBy: 'preview', hosts: ['web.skype.com'] },
    { name: 'Yahoo Mail', openedBy: 'scanner', hosts: ['mail.yahoo.com'] },
    { name: 'Proton Mail', openedBy: 'scanner', hosts: ['mail.proton.me'] },
  ];
}

function hostMatches(host: string, pattern: string): boolean {
  return pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) : host === pattern;
}

function pathMatches(path: string, prefixes: readonly string[] | undefined): boolean {
  return !prefixes || prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** The chat or mail app at this address, or null (any other page, or no http(s) address). */
export function chatAppAt(address: string | null | undefined): ChatApp | null {
  let url: URL;
  try {
    url = new URL(address ?? '');
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const entry = chatApps().find(
    ({ hosts, paths }) => hosts.some((pattern) => hostMatches(url.hostname, pattern)) && pathMatches(url.pathname, paths),
  );
  return entry ? { name: entry.name, openedBy: entry.openedBy } : null;
}

/** The one line that says the retrieval step is on for this push, and why. */
export function chatAppRetrievalLine(app: ChatApp): string {
  return t(app.openedBy === 'scanner' ? 'chatRetrievalScanner' : 'chatRetrievalPreview', app.name);
}

/**
 * The push came back without the step asked for: its kind has it switched off on the instance
 * (docs/password-pusher.md#defaults-and-limits), and the app's machine may use a view.
 */
export function chatAppRetrievalRefusedLine(app: ChatApp): string {
  return t(app.openedBy === 'scanner' ? 'chatRetrievalRefusedScanner' : 'chatRetrievalRefusedPreview', app.name);
}
