import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { t } from '@/lib/i18n';
import { loadMessages, makeGetMessage } from '../support/messages';

type I18n = { getMessage: (key: string, substitutions?: string[]) => string; getUILanguage: () => string };
const i18nOf = () => (fakeBrowser as unknown as { i18n: I18n }).i18n;
const original = i18nOf();

/** The catalogue of `lang`, with a spy on each getMessage call. */
function useCatalogue(lang: 'en' | 'sv') {
  const getMessage = vi.fn(makeGetMessage(loadMessages(lang)));
  (fakeBrowser as unknown as { i18n: I18n }).i18n = { getMessage, getUILanguage: () => lang };
  return getMessage;
}

describe('t', () => {
  afterEach(() => {
    (fakeBrowser as unknown as { i18n: I18n }).i18n = original;
  });

  it('asks the browser once per text without substitutions: a board repeats a few texts on every row', () => {
    const getMessage = useCatalogue('en');
    const texts = ['sidepanelMap', 'sidepanelFastTrack', 'sidepanelMap', 'sidepanelMap', 'sidepanelFastTrack'].map((key) => t(key));
    expect(texts).toEqual(['Map', 'FastTrack', 'Map', 'Map', 'FastTrack']);
    expect(getMessage).toHaveBeenCalledTimes(2);
  });

  it('asks again for every text with substitutions', () => {
    const getMessage = useCatalogue('en');
    expect(t('sidepanelMapLabel', 'Terminal 5')).toBe(t('sidepanelMapLabel', 'Terminal 5'));
    expect(t('sidepanelMapLabel', 'Terminal 2')).toContain('Terminal 2');
    expect(getMessage).toHaveBeenCalledTimes(3);
  });

  it('answers from the catalogue in use, not from an earlier one', () => {
    useCatalogue('en');
    expect(t('sidepanelMap')).toBe('Map');
    useCatalogue('sv');
    expect(t('sidepanelMap')).toBe('Karta');
  });

  it('shows a missing key as the key itself, every time', () => {
    useCatalogue('en');
    expect([t('noSuchMessage'), t('noSuchMessage')]).toEqual(['noSuchMessage', 'noSuchMessage']);
  });
});
