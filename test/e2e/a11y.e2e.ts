import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEFAULT_KEYS, startAirportServer, type AirportServer } from '../servers/airport/server.mjs';
import { OptionsPage } from './pages/options';
import { PopupPage } from './pages/popup';
import { PushesPage } from './pages/pushes';
import { ReceivePage } from './pages/receive';
import { SidePanelPage } from './pages/sidepanel';
import { expectNoSeriousA11yViolations } from './support/axe';
import { contrast, focusRing, fromTheTop, hasFocus, liveRegionOf, markLiveRegions, tabTo } from './support/keyboard';
import { useE2eSession } from './support/session';
import { configureInstance } from './support/storage';

describe('accessibility: keyboard, focus and announcements', () => {
  const session = useE2eSession();
  const configure = async (token = session.pwpush.users[0]!.token) =>
    configureInstance(await session.extension.worker(), session.pwpush.url, token);
  let airport: AirportServer;
  beforeAll(async () => {
    airport = await startAirportServer();
  });
  afterAll(async () => {
    await airport?.close();
  });

  it('the axe check fails on a real violation (it is not a check that always passes)', async () => {
    const popup = await PopupPage.open(session.extension);
    await popup.page.getByRole('button', { name: 'Open settings' }).waitFor();
    await popup.page.evaluate(() => {
      const unnamed = document.createElement('button');
      unnamed.id = 'unnamed';
      const faint = Object.assign(document.createElement('p'), { textContent: 'faint text' });
      faint.style.color = '#d0d0d0';
      document.querySelector('main')!.append(unnamed, faint);
    });
    const check = expectNoSeriousA11yViolations(popup.page, 'a page with an unnamed button', { colorSchemes: ['light'] });
    await expect(check).rejects.toThrow(/^Accessibility violations in a page with an unnamed button:\ncritical button-name .*#unnamed/);
    await expect(expectNoSeriousA11yViolations(popup.page, 'again', { colorSchemes: ['light'] })).rejects.toThrow(/serious color-contrast/);
  });

  it('popup: push with the keyboard alone, the result takes the focus, "Copy link" works with Enter', async () => {
    await configure();
    const popup = await PopupPage.open(session.extension);
    await popup.secret().waitFor();
    await fromTheTop(popup.page);

    await tabTo(popup.page, popup.secret());
    // Enter makes a new line in the secret; it does not push.
    await popup.page.keyboard.type('typed with keys\nsecond line');
    const optionsToggle = popup.page.locator('summary', { hasText: /^Options$/ });
    await tabTo(popup.page, optionsToggle);
    await popup.page.keyboard.press('Enter');
    const views = popup.page.getByRole('spinbutton', { name: 'Expire after views' });
    await tabTo(popup.page, views);
    await popup.page.keyboard.press('Control+A');
    await popup.page.keyboard.type('3');
    await tabTo(popup.page, popup.pushButton());
    expect(session.pwpush.pushes()).toHaveLength(0);
    await popup.page.keyboard.press('Enter');

    const link = await popup.link();
    expect(session.pwpush.pushes()[0]).toMatchObject({ payload: 'typed with keys\nsecond line', expire_after_views: 3 });
    await expect.poll(() => hasFocus(popup.copyLink())).toBe(true);

    // Away and back with the keyboard, then Enter: copied again, and "Copied" is said again.
    await popup.page.evaluate(() => navigator.clipboard.writeText(''));
    const status = popup.page.getByRole('status').filter({ hasText: 'Copied' });
    await status.evaluate((region) => {
      const said: string[] = [];
      (window as unknown as { said: string[] }).said = said;
      new MutationObserver(() => said.push(region.textContent ?? '')).observe(region, {
        childList: true,
        subtree: true,
        characterData: true,
      });
    });
    await popup.page.keyboard.press('Tab');
    await tabTo(popup.page, popup.copyLink(), { back: true });
    await popup.page.keyboard.press('Enter');
    await expect.poll(() => popup.page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expect.poll(() => popup.page.evaluate(() => (window as unknown as { said: string[] }).said.at(-1))).toBe('Copied');

    // "Push another" brings a fresh form with the focus in "Secret", ready to type.
    await tabTo(popup.page, popup.page.getByRole('button', { name: 'Push another' }));
    await popup.page.keyboard.press('Enter');
    await expect.poll(() => hasFocus(popup.secret())).toBe(true);
    expect(await popup.secret().inputValue()).toBe('');
  });

  it('popup: "Pushing…" and the outcome are announced from live regions', async () => {
    await configure();
    const popup = await PopupPage.open(session.extension);
    await popup.secret().fill('announce me');
    await markLiveRegions(popup.page);
    session.pwpush.setFault({ type: 'slow', ms: 800, paths: '/pushes', times: 1 });
    await popup.pushButton().click();
    await expect.poll(() => liveRegionOf(popup.page, 'Pushing…')).toEqual({ role: 'status', presentBefore: true });
    await popup.link();

    // An error is an alert: announced at once, also when it is added with its text (WAI-ARIA APG, alert pattern).
    await popup.page.getByRole('button', { name: 'Push another' }).click();
    await popup.secret().fill('fails once');
    // Only the push: the first push's look for copies (a GET of the Active list) may still be on its way.
    session.pwpush.setFault({ type: 'unauthorized', times: 1, paths: '/pushes', method: 'POST' });
    await popup.pushButton().click();
    await expect.poll(async () => (await liveRegionOf(popup.page, 'The API token was rejected'))?.role).toBe('alert');
    // The focus goes back to "Push", so a retry is one key away.
    await expect.poll(() => hasFocus(popup.pushButton())).toBe(true);
  });

  it('options page: filled, shown and saved with the keyboard alone; results come from regions already there', async () => {
    const options = await OptionsPage.open(session.extension);
    await options.saveButton().waitFor();
    await fromTheTop(options.page);

    await tabTo(options.page, options.instanceUrl());
    await options.page.keyboard.type(session.pwpush.url);
    await tabTo(options.page, options.token());
    await options.page.keyboard.type(session.pwpush.users[0]!.token);
    // "Show token" with Space: the token is shown, the button now says "Hide token".
    await tabTo(options.page, options.page.getByRole('button', { name: 'Show token' }));
    await options.page.keyboard.press('Space');
    await expect.poll(() => options.token().getAttribute('type')).toBe('text');
    expect(await hasFocus(options.page.getByRole('button', { name: 'Hide token' }))).toBe(true);
    await tabTo(options.page, options.remember());
    await options.page.keyboard.press('Space');
    expect(await options.remember().isChecked()).toBe(false);
    await options.page.keyboard.press('Space');
    expect(await options.remember().isChecked()).toBe(true);

    await markLiveRegions(options.page);
    await tabTo(options.page, options.saveButton(), { max: 60 });
    await options.page.keyboard.press('Enter');
    await expect.poll(() => options.announcements()).toMatch(/token (was )?accepted/i);
    expect(await liveRegionOf(options.page, 'Saved.')).toEqual({ role: 'status', presentBefore: true });

    // Enter in a field saves too; a wrong value takes the focus and the summary is an alert that was there.
    await options.instanceUrl().fill('http://pwpush.example');
    await options.instanceUrl().press('Enter');
    await expect.poll(async () => (await options.instanceUrl().getAttribute('aria-invalid')) ?? '').toBe('true');
    expect(await hasFocus(options.instanceUrl())).toBe(true);
    const summary = (await options.saveAlert().innerText()).split('\n')[0]!;
    expect(summary).not.toBe('');
    expect(await liveRegionOf(options.page, summary)).toEqual({ role: 'alert', presentBefore: true });
  });

  it('pushes page: the tabs are one tab stop and move with the arrow keys; the expire dialog with Enter and Escape', async () => {
    await configure();
    const created = await fetch(`${session.pwpush.url}/api/v2/pushes`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.pwpush.users[0]!.token}` },
      body: JSON.stringify({ push: { payload: 'listed', name: 'Listed' } }),
    });
    expect(created.status).toBe(201);
    const pushes = await PushesPage.open(session.extension);
    await pushes.tab('This browser').waitFor();
    await fromTheTop(pushes.page);

    await tabTo(pushes.page, pushes.tab('This browser'));
    const selected = async () => pushes.page.getByRole('tab', { selected: true }).innerText();
    for (const [key, tab] of [
      ['ArrowRight', 'Active'],
      ['ArrowRight', 'Expired'],
      ['ArrowRight', 'This browser'],
      ['ArrowLeft', 'Expired'],
      ['Home', 'This browser'],
      ['End', 'Expired'],
      ['ArrowLeft', 'Active'],
    ] as const) {
      await pushes.page.keyboard.press(key);
      expect(await selected()).toBe(tab);
      expect(await hasFocus(pushes.tab(tab))).toBe(true);
    }
    // One tab stop: Tab leaves the tab list for the panel's controls.
    await pushes.page.keyboard.press('Tab');
    expect(await pushes.page.evaluate(() => document.activeElement?.getAttribute('role') ?? '')).not.toBe('tab');

    await pushes.waitForRows(1);
    const expire = pushes.row('Listed').getByRole('button', { name: 'Expire' });
    await tabTo(pushes.page, expire);
    await pushes.page.keyboard.press('Enter');
    await pushes.dialog().waitFor();
    expect(await hasFocus(pushes.dialog().getByRole('button', { name: 'Cancel' }))).toBe(true);
    await pushes.page.keyboard.press('Escape');
    await expect.poll(() => pushes.dialog().count()).toBe(0);
    await expect.poll(() => hasFocus(expire)).toBe(true);
    expect(session.pwpush.pushes()[0]!.expired).toBe(false);

    // Confirmed with the keyboard: the row leaves the list and the focus stays in the panel.
    await pushes.page.keyboard.press('Enter');
    await pushes.dialog().waitFor();
    await pushes.page.keyboard.press('Shift+Tab');
    expect(await hasFocus(pushes.dialog().getByRole('button', { name: 'Expire' }))).toBe(true);
    await pushes.page.keyboard.press('Enter');
    await expect.poll(() => session.pwpush.pushes()[0]!.expired).toBe(true);
    await expect.poll(() => pushes.dialog().count()).toBe(0);
    await expect.poll(() => hasFocus(pushes.panel())).toBe(true);
  });

  it('popup: a secret link opened with the keyboard alone, each step taking the focus', async () => {
    await configure();
    const push = await fetch(`${session.pwpush.url}/api/v2/pushes`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ push: { payload: 'read by keys' } }),
    }).then((response) => response.json() as Promise<{ html_url: string }>);
    const popup = await PopupPage.open(session.extension);
    await popup.secret().waitFor();
    await fromTheTop(popup.page);
    const receive = new ReceivePage(popup.page);

    await tabTo(popup.page, popup.page.getByRole('button', { name: 'Open a secret link' }));
    await popup.page.keyboard.press('Enter');
    await expect.poll(() => hasFocus(receive.link())).toBe(true);
    await popup.page.keyboard.type(push.html_url);
    await popup.page.keyboard.press('Enter');
    // Nothing is sent yet: the warning's confirm button has the focus, and Enter confirms.
    await expect.poll(() => hasFocus(receive.confirmButton())).toBe(true);
    await popup.page.keyboard.press('Enter');
    await expect.poll(() => hasFocus(receive.copyButton())).toBe(true);
    expect(await receive.payload().inputValue()).toBe('read by keys');

    // "Back" returns to the push form with the focus in "Secret".
    await tabTo(popup.page, popup.page.getByRole('button', { name: 'Back' }), { back: true });
    await popup.page.keyboard.press('Enter');
    await expect.poll(() => hasFocus(popup.secret())).toBe(true);
  });

  it('side panel: an airport chosen, shown, refreshed and made a favourite with the keyboard alone', async () => {
    airport.reset();
    const worker = await session.extension.worker();
    await worker.evaluate(
      async ({ url, primary }) => chrome.storage.local.set({ airportApiUrl: url, airportKeys: { primary, secondary: '' } }),
      { url: airport.url, primary: DEFAULT_KEYS[0]! },
    );
    const panel = await SidePanelPage.open(session.extension);
    await panel.airportField().waitFor();
    await fromTheTop(panel.page);

    await tabTo(panel.page, panel.airportField());
    await panel.page.keyboard.type('bma');
    await panel.page.keyboard.press('Enter');
    await expect.poll(() => panel.terminals()).toEqual(['Bromma Stockholm Airport']);
    await tabTo(panel.page, panel.favouriteButton());
    await panel.page.keyboard.press('Space');
    await expect.poll(() => panel.favouriteButton().getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => panel.refreshButton().innerText()).toBe('Refresh');
    const before = airport.requests.length;
    await tabTo(panel.page, panel.refreshButton());
    await panel.page.keyboard.press('Enter');
    await expect.poll(() => airport.requests.length).toBeGreaterThan(before);
    // The favourite is a shortcut button now, reachable with Tab too.
    await tabTo(panel.page, panel.page.getByRole('group', { name: 'Favourites' }).getByRole('button', { name: 'BMA' }), { back: true });
  });

  describe('focus is visible: a ring of at least 2px with 3:1 contrast on its background, in both themes', () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`${colorScheme} theme`, async () => {
        await configure();
        const popup = await PopupPage.open(session.extension);
        await popup.secret().waitFor();
        const options = await OptionsPage.open(session.extension);
        await options.saveButton().waitFor();
        const panel = await SidePanelPage.open(session.extension);
        await panel.airportField().waitFor();
        const pushes = await PushesPage.open(session.extension);
        await pushes.tab('This browser').waitFor();
        const controls: Array<[Page, Locator]> = [
          [popup.page, popup.secret()],
          [popup.page, popup.pushButton()],
          [popup.page, popup.page.getByRole('button', { name: 'Settings' })],
          [options.page, options.instanceUrl()],
          [options.page, options.remember()],
          [options.page, options.saveButton()],
          [panel.page, panel.airportField()],
          [panel.page, panel.showButton()],
          [pushes.page, pushes.filter()],
          [pushes.page, pushes.tab('This browser')],
        ];
        for (const [page, control] of controls) {
          await page.emulateMedia({ colorScheme });
          await fromTheTop(page);
          await tabTo(page, control, { max: 60 });
          const ring = await focusRing(control);
          const where = `${await control.evaluate((element) => element.outerHTML.slice(0, 80))} (${colorScheme})`;
          expect(ring.focusVisible, where).toBe(true);
          expect(ring.style, where).not.toBe('none');
          expect(ring.width, where).toBeGreaterThanOrEqual(2);
          expect(contrast(ring.colour, ring.background), `${where}: ${ring.colour} on ${ring.background}`).toBeGreaterThanOrEqual(3);
        }
      });
    }
  });
});
