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

  airportUrl = () => this.page.getByRole('textbox', { name: 'Airport API URL' });
  subscriptionKey = () => this.page.getByLabel('Subscription key', { exact: true });
  secondaryKey = () => this.page.getByLabel('Secondary subscription key', { exact: true });
  infoKey = () => this.page.getByLabel('Airport info key', { exact: true });
  defaultAirport = () => this.page.getByRole('textbox', { name: 'Default airport' });
  refreshMinutes = () => this.page.getByRole('spinbutton', { name: 'Refresh every (minutes)' });
  testButton = () => this.page.getByRole('button', { name: 'Test', exact: true });

  /** Fills the airport controls that are given; the others keep what they show. */
  async fillAirport(values: {
    url?: string;
    key?: string;
    secondary?: string;
    info?: string;
    airport?: string;
    refresh?: string;
  }): Promise<void> {
    if (values.url !== undefined) await this.airportUrl().fill(values.url);
    if (values.key !== undefined) await this.subscriptionKey().fill(values.key);
    if (values.secondary !== undefined) await this.secondaryKey().fill(values.secondary);
    if (values.info !== undefined) await this.infoKey().fill(values.info);
    if (values.airport !== undefined) await this.defaultAirport().fill(values.airport);
    if (values.refresh !== undefined) await this.refreshMinutes().fill(values.refresh);
  }

  async save(instanceUrl: string, token: string): Promise<void> {
    await this.instanceUrl().fill(instanceUrl);
    await this.token().fill(token);
    await this.saveButton().click();
  }

  /** The notice at the top naming the policy values Pushgate cannot use, one line each (the quoted values' isolates left out). */
  policyRefusals = async (): Promise<string[]> => {
    const notice = this.page.getByRole('region', { name: "Part of your organisation's policy cannot be used" });
    await notice.waitFor();
    return (await notice.getByRole('listitem').allInnerTexts()).map((line) => line.replace(/[\u2068\u2069]/g, ''));
  };

  /** The alert of Save's outcome, under Save (the airport Test has its own next to Test). */
  saveAlert = () => this.page.locator('.save-outcome').getByRole('alert');

  /** All text the page announces (status and alerts; Save's outcome and Test's, each next to its button). */
  async announcements(): Promise<string> {
    const regions = this.page.locator('[role="status"], [role="alert"]');
    return (await regions.allInnerTexts()).filter(Boolean).join('\n');
  }
}
