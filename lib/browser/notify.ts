import { browser } from 'wxt/browser';

/**
 * System notifications for flows without a page of their own (context menu, keyboard command).
 * They can show on a lock screen and some systems sync them to other devices: callers put
 * neither the secret nor its link in them.
 */
export interface Notice {
  title: string;
  message: string;
  /** Clicking the notification opens the options page (e.g. not set up, token rejected). */
  onClickOpensOptions?: boolean;
}

/**
 * What a click does is kept in the notification id rather than in memory: the service worker
 * may be stopped and restarted between showing a notification and the click on it.
 */
const OPENS_OPTIONS = 'pushgate-options:';
const PLAIN = 'pushgate:';

/** Shows a basic notification with the extension icon. */
export async function notify({ title, message, onClickOpensOptions = false }: Notice): Promise<void> {
  const id = (onClickOpensOptions ? OPENS_OPTIONS : PLAIN) + crypto.randomUUID();
  await browser.notifications.create(id, {
    type: 'basic',
    iconUrl: browser.runtime.getURL('/icons/128.png'),
    title,
    message,
  });
}

/** Registers the one click listener: opens the options page for notifications marked so. */
export function listenForNotificationClicks(): void {
  browser.notifications.onClicked.addListener(async (id) => {
    if (!id.startsWith(OPENS_OPTIONS)) return;
    await browser.runtime.openOptionsPage();
    await browser.notifications.clear(id);
  });
}
