import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { fillTexts } from '@/build/filled-texts';
import { startPopup } from '@/components/popup/popup-start';
import { getCapabilities } from '@/lib/share/capabilities';
import { ok } from '@/lib/result';
import { loadMessages, makeGetMessage } from '@/test/support/messages';
import { configure, versionInfo } from './fixtures';

vi.mock('@/lib/share/capabilities', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/share/capabilities')>()),
  getCapabilities: vi.fn(),
}));

/** The popup's HTML as the build writes it: its texts in English, `<html>` marked so. */
const built = fillTexts(readFileSync(resolve(__dirname, '../../../entrypoints/popup/index.html'), 'utf8'), loadMessages('en'), 'en');
const i18n = () => (fakeBrowser as unknown as { i18n: { getMessage: (key: string) => string } }).i18n;

async function openBuiltPopup() {
  const html = document.documentElement;
  html.lang = built.match(/<html lang="(\w+)"/)![1]!;
  html.setAttribute('data-i18n-filled', built.match(/data-i18n-filled="(\w+)"/)![1]!);
  document.body.innerHTML = built.replace(/^[\s\S]*<body>|<script[\s\S]*$/g, '');
  await startPopup(document);
}

beforeEach(async () => {
  vi.mocked(getCapabilities).mockResolvedValue(ok(versionInfo()));
  await configure();
});
afterEach(() => {
  document.querySelector('#app')?.remove();
  document.documentElement.removeAttribute('data-i18n-filled');
  document.documentElement.lang = '';
});

describe("the popup's texts, written into its HTML in English by the build", () => {
  it('are kept in English: none of those elements is written again', async () => {
    const asked = vi.spyOn(i18n(), 'getMessage');
    await openBuiltPopup();
    expect(screen.getByRole('heading', { name: 'Pushgate' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Push' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Pushgate pages' })).toBeTruthy();
    const keys = [...built.matchAll(/data-i18n(?:-aria-label)?="(\w+)"/g)].map((match) => match[1]!).filter((key) => key !== 'extName');
    expect(asked.mock.calls.map(([key]) => key).filter((key) => keys.includes(key))).toEqual([]);
  });

  it('are written in the language the browser shows, and none stays in English', async () => {
    const swedish = loadMessages('sv');
    vi.spyOn(i18n(), 'getMessage').mockImplementation(makeGetMessage(swedish));
    await openBuiltPopup();
    expect(document.documentElement.lang).toBe('sv');
    expect(screen.getByRole('button', { name: swedish.popupPush!.message })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: swedish.popupNavLabel!.message })).toBeTruthy();
    const english = loadMessages('en');
    for (const element of document.querySelectorAll('[data-i18n]')) {
      const key = element.getAttribute('data-i18n')!;
      expect(element.textContent, key).toBe(swedish[key]!.message);
      if (swedish[key]!.message !== english[key]!.message) expect(element.textContent, key).not.toBe(english[key]!.message);
    }
  });
});
