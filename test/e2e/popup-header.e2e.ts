import { expect, it } from 'vitest';
import { PopupPage } from './pages/popup';
import { useE2eSession } from './support/session';

const session = useE2eSession();

it('"Pushes" brings the open Pushes tab to the front instead of opening a second one', async () => {
  const { context, extensionId } = session.extension;
  const pushesUrl = `chrome-extension://${extensionId}/pushes.html`;
  const pushes = await session.extension.open('pushes.html');
  const popup = await PopupPage.open(session.extension);
  const closed = popup.page.waitForEvent('close');
  await popup.page.getByRole('button', { name: 'Pushes' }).click();
  await closed;
  await expect.poll(() => pushes.evaluate(() => document.visibilityState)).toBe('visible');
  expect(context.pages().filter((page) => page.url() === pushesUrl)).toHaveLength(1);
});
