import type { Page } from 'playwright-core';
import type { ExtensionBrowser } from '../support/browser';

/** The popup page opened in a tab (no target page: the popup itself is the active tab). */
export class PopupPage {
  constructor(readonly page: Page) {}

  static async open(extension: ExtensionBrowser): Promise<PopupPage> {
    const page = await extension.open('popup.html');
    await page.setViewportSize({ width: 380, height: 640 });
    return new PopupPage(page);
  }

  secret = () => this.page.getByRole('textbox', { name: 'Secret' });
  pushButton = () => this.page.getByRole('button', { name: 'Push', exact: true });
  options = () => this.page.getByText('Options', { exact: true });
  passphrase = () => this.page.getByLabel('Passphrase', { exact: true });
  copyLink = () => this.page.getByRole('button', { name: 'Copy link' });
  expireNow = () => this.page.getByRole('button', { name: 'Expire now' });
  expireDialog = () => this.page.getByRole('dialog', { name: 'Expire this push?' });
  pushAnother = () => this.page.getByRole('button', { name: 'Push another' });
  qrCode = () => this.page.getByRole('img', { name: 'QR code of the secret link' });
  alert = () => this.page.getByRole('alert');
  /** The status the link's automatic copy (or the Copy button) ends with. */
  copied = () => this.page.getByRole('status').filter({ hasText: 'Copied' });

  /** The secret link as the popup shows it, as text. */
  async link(): Promise<string> {
    const text = this.page.locator('.link-text').first();
    await text.waitFor();
    return (await text.innerText()).trim();
  }

  /** "Expire now", then "Expire" in the confirmation it asks for. */
  async expire(): Promise<void> {
    await this.expireNow().click();
    await this.expireDialog().getByRole('button', { name: 'Expire', exact: true }).click();
  }

  async pushText(secret: string): Promise<void> {
    await this.secret().fill(secret);
    await this.pushButton().click();
  }
}
