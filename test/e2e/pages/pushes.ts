import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { ExtensionBrowser } from '../support/browser';
import type { PopupPage } from './popup';

/** The "Pushes" page (pushes.html), driven through its tabs, rows and dialogs as a person would. */
export class PushesPage {
  constructor(readonly page: Page) {}

  static async open(extension: ExtensionBrowser): Promise<PushesPage> {
    return new PushesPage(await extension.open('pushes.html'));
  }

  /** Clicks the popup's "Pushes" button and follows the tab it opens. */
  static async fromPopup(popup: PopupPage, context: BrowserContext): Promise<PushesPage> {
    const opened = context.waitForEvent('page', (page) => page.url().endsWith('/pushes.html'));
    await popup.page.getByRole('button', { name: 'Pushes', exact: true }).click();
    const page = await opened;
    await page.waitForLoadState();
    return new PushesPage(page);
  }

  tab = (name: 'This browser' | 'Active' | 'Expired') => this.page.getByRole('tab', { name });
  /** The visible tab panel (the others are hidden). */
  panel = () => this.page.getByRole('tabpanel');
  filter = () => this.page.getByRole('searchbox', { name: 'Filter' });
  rows = () => this.panel().locator('tbody tr');
  row = (name: string) => this.rows().filter({ has: this.page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) });
  dialog = () => this.page.getByRole('dialog', { name: 'Expire this push?' });
  alert = () => this.page.getByRole('alert');
  searchAllButton = () => this.panel().getByRole('button', { name: 'Search all pages' });
  auditHeading = () => this.page.getByRole('heading', { name: /^Audit log of/ });
  auditEvents = () => this.page.locator('.audit-table tbody th');

  /** The state cell of a row: the state, what is left, when and how it was learned. */
  async stateOf(name: string): Promise<string> {
    return (await this.row(name).locator('.push-state').innerText()).trim();
  }

  /** Waits until opening the page has checked the states with the server. */
  async statesChecked(): Promise<void> {
    await this.page.getByRole('status').filter({ hasText: 'States checked with the server' }).waitFor({ timeout: 15_000 });
  }

  /**
   * The page's width against the window's, and where each row's State cell and action buttons
   * are, to check they are in view without scrolling sideways.
   */
  async layout(): Promise<{ scrollWidth: number; clientWidth: number; boxes: Array<{ what: string; left: number; right: number }> }> {
    return this.page.evaluate(() => {
      const root = document.documentElement;
      const panel = document.querySelector('[role="tabpanel"]:not([hidden])')!;
      const measured = [
        ...[...panel.querySelectorAll('.push-state-cell')].map((cell) => ['State', cell] as const),
        ...[...panel.querySelectorAll('.row-actions button')].map((button) => [`Button ${button.textContent}`, button] as const),
      ];
      return {
        scrollWidth: root.scrollWidth,
        clientWidth: root.clientWidth,
        boxes: measured.map(([what, element]) => {
          const box = element.getBoundingClientRect();
          return { what, left: box.left, right: box.right };
        }),
      };
    });
  }

  async show(name: 'This browser' | 'Active' | 'Expired'): Promise<void> {
    await this.tab(name).click();
  }

  /** What the visible list's filter searched, or what it is loading (its first live status). */
  async status(): Promise<string> {
    return (await this.panel().locator('.panel-status').innerText()).trim();
  }

  /** The names in the visible list, top to bottom. */
  async names(): Promise<string[]> {
    return this.rows().locator('.push-name').allInnerTexts();
  }

  async waitForRows(count: number): Promise<void> {
    await this.rows()
      .nth(count - 1)
      .waitFor();
  }

  async expire(name: string): Promise<void> {
    await this.row(name).getByRole('button', { name: 'Expire' }).click();
    await this.dialog().getByRole('button', { name: 'Expire' }).click();
  }

  async openAudit(name: string): Promise<Locator> {
    await this.row(name).getByRole('button', { name: 'Audit log' }).click();
    await this.auditHeading().waitFor();
    return this.auditHeading();
  }
}
