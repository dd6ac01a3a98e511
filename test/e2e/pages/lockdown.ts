import type { Locator, Page } from 'playwright-core';

/** The lockdown as the Pushes page and the settings page show it: its button, its confirmation, its progress and report. */
export class LockdownPanel {
  constructor(readonly page: Page) {}

  startButton = (): Locator => this.page.getByRole('button', { name: 'Start a lockdown…' });
  dialog = (): Locator => this.page.getByRole('dialog', { name: 'Start a lockdown?' });
  confirm = (): Locator => this.dialog().getByRole('button', { name: 'Start lockdown' });
  keepToken = (): Locator => this.dialog().getByRole('checkbox', { name: 'Keep the API token for this browser session only' });
  progressLine = (): Locator => this.page.locator('.lockdown-progress-line');
  report = (): Locator => this.page.locator('.lockdown-report');
  closeReport = (): Locator => this.page.getByRole('button', { name: 'Close report' });
  /** The token step: the instance's token page, and the person's answer. */
  tokenPage = (host: string): Locator => this.page.getByRole('button', { name: `Make a new token on ${host}` });
  tokenMade = (): Locator => this.page.getByRole('button', { name: 'I made a new token' });
  tokenLater = (): Locator => this.page.getByRole('button', { name: 'Later' });

  /** How many pushes the progress line says are expired, or -1 while it shows no count. */
  async expired(): Promise<number> {
    const line = await this.progressLine()
      .textContent({ timeout: 1_000 })
      .catch(() => '');
    const match = line?.match(/^Expired (\d+) of (\d+)$/);
    return match ? Number(match[1]) : -1;
  }
}
