import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPwpushServer, type PwpushServer } from '../servers/pwpush/server.mjs';
import { loadMessages, makeGetMessage } from '../support/messages';
import { launchExtension, type ExtensionBrowser } from './support/browser';
import { configureInstance } from './support/storage';

// The store images (docs/stores.md): screenshots at 1280 × 800 and the 440 × 280 promotional tile, in
// every language with a listing, taken from the real extension against the reference server. A popup
// is 380 px wide, so its screenshot is set on a 1280 × 800 stage beside the listing's own summary; the
// settings page fills the frame by itself. `npm run screenshots:store` writes them to store/images/;
// otherwise they go to the ignored artifacts folder, and the sizes are checked either way.

const ROOT = resolve(__dirname, '../..');
// Every language with a listing folder (scripts/release/listings.mjs reads the same folders), so a
// release never lacks the images of a listed language.
const LANGUAGES = readdirSync(resolve(ROOT, 'store/listings'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name: lang }) => ({ lang, locale: lang === 'en' ? 'en-US' : lang }))
  .sort((a, b) => a.lang.localeCompare(b.lang));

function imageDir(lang: string): string {
  const dir =
    process.env.PUSHGATE_SCREENSHOTS === 'store'
      ? resolve(ROOT, 'store/images', lang)
      : resolve(ROOT, 'test/e2e/artifacts/store-images', lang);
  mkdirSync(dir, { recursive: true });
  return dir;
}

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The width and height a PNG says it has (IHDR). */
function pngSize(file: string): [number, number] {
  const bytes = readFileSync(file);
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

const STAGE_STYLE = `
  html, body { margin: 0; height: 100%; }
  body { display: flex; align-items: center; justify-content: center; gap: 64px; background: #1d3b53; color: #fff;
         font: 17px/1.45 system-ui, sans-serif; }
  .copy { max-width: 520px; }
  h1 { font-size: 44px; margin: 0 0 16px; display: flex; align-items: center; gap: 16px; }
  p { font-size: 24px; margin: 0; }
  img.shot { border-radius: 10px; box-shadow: 0 12px 40px rgb(0 0 0 / 45%); }
`;

describe.each(LANGUAGES)('store images, $lang', ({ lang, locale }) => {
  const m = makeGetMessage(loadMessages(lang));
  const icon = dataUrl(readFileSync(resolve(ROOT, 'public/icons/128.png')));
  let extension: ExtensionBrowser;
  let pwpush: PwpushServer;

  beforeAll(async () => {
    pwpush = await startPwpushServer();
    extension = await launchExtension({ locale });
    await configureInstance(await extension.worker(), pwpush.url, pwpush.users[0]!.token);
  });
  afterAll(async () => {
    await extension?.close();
    await pwpush?.close();
  });

  /** A blank page of the exact size, showing `html`, saved as `name`. */
  async function stage(name: string, width: number, height: number, html: string): Promise<string> {
    const page = await extension.context.newPage();
    await page.setViewportSize({ width, height });
    await page.setContent(`<!doctype html><html lang="${lang}"><style>${STAGE_STYLE}</style><body>${html}</body></html>`);
    await page.waitForFunction(() => [...document.images].every((image) => image.complete));
    const file = resolve(imageDir(lang), name);
    await page.screenshot({ path: file });
    await page.close();
    return file;
  }

  async function popupWithLink(): Promise<Page> {
    const page = await extension.open('popup.html');
    await page.setViewportSize({ width: 380, height: 640 });
    await page.getByRole('textbox', { name: m('popupSecret') }).fill('correct horse battery staple');
    await page.getByRole('button', { name: m('popupPush'), exact: true }).click();
    await page.locator('.link-text').first().waitFor();
    await page.getByRole('img', { name: m('linkQrLabel') }).waitFor();
    return page;
  }

  it('screenshot-1: the secret link just pushed, with its QR code, beside the summary', async () => {
    const popup = await popupWithLink();
    const shot = await popup.screenshot();
    await popup.close();
    const file = await stage(
      'screenshot-1.png',
      1280,
      800,
      `<img class="shot" src="${dataUrl(shot)}" alt=""><div class="copy"><h1><img src="${icon}" width="64" height="64" alt="">${escapeHtml(m('extName'))}</h1><p>${escapeHtml(m('extDescription'))}</p></div>`,
    );
    expect(pngSize(file)).toEqual([1280, 800]);
  });

  it('screenshot-2: the settings page, configured', async () => {
    const page = await extension.open('options.html');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('heading', { name: m('optionsHeading') }).waitFor();
    await page.getByRole('button', { name: m('optionsSave') }).waitFor();
    const file = resolve(imageDir(lang), 'screenshot-2.png');
    await page.screenshot({ path: file });
    await page.close();
    expect(pngSize(file)).toEqual([1280, 800]);
  });

  it('promo-440x280: the icon and the name', async () => {
    const file = await stage(
      'promo-440x280.png',
      440,
      280,
      `<div class="copy"><h1><img src="${icon}" width="96" height="96" alt="">${escapeHtml(m('extName'))}</h1></div>`,
    );
    expect(pngSize(file)).toEqual([440, 280]);
  });
});
