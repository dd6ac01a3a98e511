import type { Page } from 'playwright-core';
import type { ExtensionBrowser } from '../support/browser';
import { PopupPage } from './popup';

/** "Open a secret link" in the popup (opened as a tab), the recipient's side. */
export class ReceivePage {
  constructor(readonly page: Page) {}

  /** Opens the popup of a configured extension and goes to "Open a secret link". */
  static async open(extension: ExtensionBrowser): Promise<ReceivePage> {
    const popup = await PopupPage.open(extension);
    const receive = new ReceivePage(popup.page);
    await popup.page.getByRole('button', { name: 'Open a secret link' }).click();
    await receive.link().waitFor();
    return receive;
  }

  heading = () => this.page.getByRole('heading', { name: 'Open a secret link' });
  link = () => this.page.getByRole('textbox', { name: 'Secret link', exact: true });
  openButton = () => this.page.getByRole('button', { name: 'Open', exact: true });
  warning = () => this.page.getByText('Opening it counts as a view; the last allowed view deletes it.');
  confirmButton = () => this.page.getByRole('button', { name: 'Open and count a view' });
  // The push form behind this view has a Passphrase field too (hidden while this view shows).
  passphrase = () => this.page.locator('.receive-view').getByLabel('Passphrase', { exact: true });
  passphraseFirst = () => this.page.getByLabel('Passphrase, if you were given one', { exact: true });
  payload = () => this.page.getByRole('textbox', { name: 'Secret', exact: true });
  copyButton = () => this.page.getByRole('button', { name: 'Copy', exact: true });
  expireNow = () => this.page.getByRole('button', { name: 'Expire it now' });
  expireDialog = () => this.page.getByRole('dialog', { name: 'Expire this push?' });
  qrCode = () => this.page.getByRole('img', { name: 'QR code of the secret' });
  showQr = () => this.page.getByRole('button', { name: 'Show as QR code' });
  openAnother = () => this.page.getByRole('button', { name: 'Open another link' });
  alert = () => this.page.getByRole('alert');
  openRequest = () => this.page.getByRole('button', { name: 'Open the request in a tab' });

  /** Pastes the link and presses "Open"; nothing is sent yet, the warning shows. */
  async enterLink(link: string): Promise<void> {
    await this.link().fill(link);
    await this.openButton().click();
  }

  /** Enters the link (and the passphrase, if given one), sees the warning, and confirms: one request, one view. */
  async openLink(link: string, passphrase?: string): Promise<void> {
    if (passphrase !== undefined) await this.passphraseFirst().fill(passphrase);
    await this.enterLink(link);
    await this.warning().waitFor();
    await this.confirmButton().click();
  }

  async enterPassphrase(passphrase: string): Promise<void> {
    await this.passphrase().fill(passphrase);
    await this.openButton().click();
  }
}
