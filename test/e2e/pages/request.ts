import type { PopupPage } from './popup';

/** "Request a secret" in the popup, driven through its labelled controls as a person would. */
export class RequestView {
  constructor(readonly popup: PopupPage) {}

  entry = () => this.popup.page.getByRole('button', { name: 'Request a secret' });
  view = () => this.popup.page.getByRole('region', { name: 'Request a secret' });
  text = () => this.view().getByRole('textbox', { name: 'What do you ask for?' });
  create = () => this.view().getByRole('button', { name: 'Create request link' });

  /** Opens the view, asks for `text` and waits for the request's link, returned as shown. */
  async ask(text: string): Promise<string> {
    await this.entry().click();
    await this.text().fill(text);
    await this.create().click();
    const link = this.view().locator('.link-text');
    await link.waitFor();
    return (await link.innerText()).trim();
  }
}
