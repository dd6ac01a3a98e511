import type { Locator, Page } from 'playwright-core';
import type { ExtensionBrowser } from '../support/browser';

/** The wait-time side panel, opened as a tab at side-panel width, driven through its labelled controls. */
export class SidePanelPage {
  constructor(readonly page: Page) {}

  static async open(extension: ExtensionBrowser): Promise<SidePanelPage> {
    const page = await extension.open('sidepanel.html');
    await page.setViewportSize({ width: 360, height: 760 });
    return new SidePanelPage(page);
  }

  /**
   * Opens the panel noting, before any of its scripts run, the first wait-time row that appears:
   * `firstPaint()` then says whether the panel was usable at that moment and whether the rows shown
   * later are still that row. With `holdStorageMs`, the page's extension storage answers that much
   * later (its reads only), and `firstPaint()` says whether the row was drawn before the first answer.
   */
  static async openWatchingFirstPaint(extension: ExtensionBrowser, { holdStorageMs = 0 } = {}): Promise<SidePanelPage> {
    const page = await extension.context.newPage();
    await page.setViewportSize({ width: 360, height: 760 });
    await page.addInitScript((holdMs) => {
      const scope = window as unknown as {
        __firstRow?: { row: Element; usable: boolean; beforeStorage: boolean };
        __storageAnswered?: boolean;
      };
      if (holdMs > 0) {
        const chromeApi = (globalThis as unknown as { chrome: { storage: { local: { get: (...args: unknown[]) => Promise<unknown> } } } })
          .chrome;
        for (const area of new Set([
          chromeApi.storage.local,
          (globalThis as unknown as { browser?: typeof chromeApi }).browser?.storage.local,
        ])) {
          if (!area) continue;
          const get = area.get.bind(area);
          area.get = (...args: unknown[]) =>
            new Promise((resolve) => setTimeout(resolve, holdMs)).then(() => get(...args)).finally(() => (scope.__storageAnswered = true));
        }
      }
      new MutationObserver((_changes, observer) => {
        const row = document.querySelector('li.queue');
        if (!row) return;
        const field = document.querySelector<HTMLInputElement>('#airport-code');
        const usable = Boolean(field && !field.disabled && !field.closest('[inert]'));
        scope.__firstRow = { row, usable, beforeStorage: !scope.__storageAnswered };
        observer.disconnect();
      }).observe(document, { subtree: true, childList: true });
    }, holdStorageMs);
    await page.goto(`chrome-extension://${extension.extensionId}/sidepanel.html`);
    return new SidePanelPage(page);
  }

  /** The first row drawn: whether the panel was usable then, whether it is still the row shown, and whether it came before any storage answer. */
  firstPaint(): Promise<{ usable: boolean; kept: boolean; beforeStorage: boolean } | null> {
    return this.page.evaluate(() => {
      const first = (window as unknown as { __firstRow?: { row: Element; usable: boolean; beforeStorage: boolean } }).__firstRow;
      if (!first) return null;
      return { usable: first.usable, kept: document.querySelector('li.queue') === first.row, beforeStorage: first.beforeStorage };
    });
  }

  /** The side panel's paint cache (lib/wait-times/snapshot.ts) as stored, or null. */
  paintCache(): Promise<string | null> {
    return this.page.evaluate(() => localStorage.getItem('pushgate.sidepanelPaint'));
  }

  /** An `<input list>` is a combobox to assistive technology. */
  airportField = () => this.page.getByRole('combobox', { name: 'Airport' });
  showButton = () => this.page.getByRole('button', { name: 'Show', exact: true });
  refreshButton = () => this.page.getByRole('button', { name: /^Refresh/ });
  favouriteButton = () => this.page.getByRole('button', { name: /Favourite$/ });
  openOptionsButton = () => this.page.getByRole('button', { name: 'Open settings' });
  /** The airport's heading (the watch list has a heading of the same level). */
  boardHeading = () => this.page.locator('#board-heading');
  board = () => this.page.locator('.board');
  staleBadge = () => this.page.getByText('Out of date', { exact: true });
  /** Every "Measured …" / "Last update …" line, with its badge: one for the flight's box and the board together. */
  measuredLines = () => this.page.locator('.measured').allInnerTexts();
  alert = () => this.page.getByRole('alert');
  calls = () => this.page.locator('.calls');
  flightField = () => this.page.getByRole('textbox', { name: 'Flight' });
  dateField = () => this.page.getByLabel('Date', { exact: true });
  departsField = () => this.page.getByLabel('Departs', { exact: true });
  tomorrowButton = () => this.page.getByRole('button', { name: 'Tomorrow' });
  showFlightButton = () => this.page.getByRole('button', { name: 'Show my flight' });
  /** The "Your flight …" section above the airport's board. */
  flightSection = () => this.page.locator('section.flight-board');
  /** "When to leave for SK1415": the times beside My flight. */
  leaveBy = () => this.page.getByRole('region', { name: /^When to leave for / });
  /** The sentence "Be at security by … · leave by … (Stockholm time)", as its live region reads it. */
  leaveByTimes = () => this.leaveBy().locator('[aria-live="polite"]');

  /** "My flight: SK1415, 27 Nov · 08:00": the one line My flight takes until opened. */
  myFlightToggle = () => this.page.getByRole('button', { name: /^My flight: / });
  /** What "leave by" counted and the person's own times: with the form, once My flight is opened. */
  myFlightPanel = () => this.page.locator('#my-flight-panel');

  async openMyFlight(): Promise<void> {
    if ((await this.myFlightToggle().getAttribute('aria-expanded')) !== 'true') await this.myFlightToggle().click();
  }

  async chooseFlight(flight: string): Promise<void> {
    await this.openMyFlight();
    await this.flightField().fill(flight);
    await this.showFlightButton().click();
  }

  /** One terminal's section (its heading is the terminal, or the airport's name). */
  terminal = (label: string): Locator => this.page.getByRole('region', { name: label, exact: true });

  async choose(code: string): Promise<void> {
    await this.airportField().fill(code);
    await this.showButton().click();
  }

  /** Terminal headings in the order shown. */
  terminals(): Promise<string[]> {
    return this.page.getByRole('heading', { level: 3 }).allInnerTexts();
  }

  /** Each lane as shown: name, FastTrack badge, minutes, level, colour class, map link. */
  async queues(): Promise<Array<{ name: string; fastTrack: boolean; wait: string; level: string; colour: string; map: string | null }>> {
    return this.page.locator('li.queue').evaluateAll((rows) =>
      rows.map((row) => ({
        name: row.querySelector('.queue-name bdi')!.textContent ?? '',
        fastTrack: row.querySelector('.badge.fasttrack') !== null,
        wait: row.querySelector('.wait-minutes')!.textContent ?? '',
        level: row.querySelector('.wait-level')!.textContent ?? '',
        colour: [...row.querySelector('.queue-wait')!.classList].find((c) => c.startsWith('wait-')) ?? '',
        map: row.querySelector('a.queue-map')?.getAttribute('href') ?? null,
      })),
    );
  }

  /** Where the board's numbers come from: "From Copenhagen Airport's website: …". */
  sourceLine = () => this.page.locator('.board-source');
  /** "This airport's feed changed: no value for Terminal 3." */
  feedChanged = () => this.page.locator('.feed-changed');
  gateField = () => this.page.getByRole('textbox', { name: 'Gate' });
  terminalField = () => this.page.getByLabel('Terminal', { exact: true });

  /** Each checkpoint's name and wait as shown ("10–15 min", "no value", or the website's own words). */
  async waits(): Promise<Array<[string, string]>> {
    return this.page
      .locator('li.queue')
      .evaluateAll((rows) =>
        rows.map((row) => [row.querySelector('.queue-name bdi')!.textContent ?? '', row.querySelector('.wait-minutes')!.textContent ?? '']),
      );
  }

  /** "Watch…" beside a checkpoint or My flight, named for it ("Watch Terminal 1", the name isolated as server text). */
  watchButton = (name: string) => this.page.getByRole('button', { name: `Watch \u2068${name}\u2069` });
  /** The form a "Watch…" opens. */
  watchForm = () => this.page.getByRole('form', { name: /^Watch / });
  /** "Watches": every watch running and those that ended, with why. */
  watchList = () => this.page.getByRole('region', { name: 'Watches' });

  /** Sets a watch from the form: "under" or "over" `minutes`, or (with neither) what the form offers first. */
  async watch(name: string, rule?: { kind: 'under' | 'over'; minutes: number }): Promise<void> {
    await this.watchButton(name).click();
    const form = this.watchForm();
    if (rule) {
      await form.getByRole('radio', { name: `when it is ${rule.kind}` }).check();
      await form.getByRole('spinbutton', { name: 'Minutes' }).fill(String(rule.minutes));
    }
    await form.getByRole('button', { name: 'Watch', exact: true }).click();
  }

  /** All text the panel announces (status and alerts). */
  async announcements(): Promise<string> {
    return (await this.page.locator('[role="status"], [role="alert"]').allInnerTexts()).join('\n');
  }
}
