import type { Page } from 'playwright-core';
import type { ExtensionBrowser } from '../support/browser';

/** The options page, driven through its labelled controls as a person would. */
export class OptionsPage {
  constructor(readonly page: Page) {}

  static async open(extension: ExtensionBrowser): Promise<OptionsPage> {
    return new OptionsPage(await extension.open('options.html'));
  }

  instanceUrl = () => this.page.getByRole('textbox', { name: 'Instance URL' });
  token = () => this.page.getByLabel('API token', { exact: true });
  remember = () => this.page.getByRole('checkbox', { name: 'Remember token on this device' });
  saveButton = () => this.page.getByRole('button', { name: 'Save' });

  async save(instanceUrl: string, token: string): Promise<void> {
    await this.instanceUrl().fill(instanceUrl);
    await this.token().fill(token);
    await this.saveButton().click();
  }

  /** All text the page announces (status and alerts). */
  async announcements(): Promise<string> {
    const regions = this.page.locator('[role="status"], [role="alert"]');
    return (await regions.allInnerTexts()).join('\n');
  }
}
