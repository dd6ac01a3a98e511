import { browser } from 'wxt/browser';

/**
 * System notifications for flows without a page of their own (context menu, keyboard command).
 * They can show on a lock screen and some systems sync them to other devices: callers put
 * neither the secret nor its link in them.
 */
export interface Notice {
  title: string;
  message: string;
  /** What a click opens: the options page (not set up, token rejected, no token), or the Pushes page (a push that may exist). */
  onClick?: 'options' | 'pushes';
}

/**
 * What a click does is kept in the notification id rather than in memory: the service worker
 * may be stopped and restarted between showing a notification and the click on it.
 */
const OPENS_OPTIONS = 'pushgate-options:';
const OPENS_PUSHES = 'pushgate-pushes:';
const PLAIN = 'pushgate:';

/** Shows a basic notification with the extension icon. */
export async function notify({ title, message, onClick }: Notice): Promise<void> {
  const id = (onClick === 'options' ? OPENS_OPTIONS : onClick === 'pushes' ? OPENS_PUSHES : PLAIN) + crypto.randomUUID();
  await browser.notifications.create(id, {
    type: 'basic',
    iconUrl: browser.runtime.getURL('/icons/128.png'),
    title,
    message,
  });
}

/** Registers the one click listener: opens the page a notification is marked for. */
export function listenForNotificationClicks(): void {
  browser.notifications.onClicked.addListener(async (id) => {
    if (id.startsWith(OPENS_OPTIONS)) await browser.runtime.openOptionsPage();
    else if (id.startsWith(OPENS_PUSHES)) await browser.tabs.create({ url: browser.runtime.getURL('/pushes.html') });
    else return;
    await browser.notifications.clear(id);
  });
}
