import { beforeEach, describe, expect, it } from 'vitest';
import { preconnect, REOPEN_AFTER_MS } from '@/components/popup/preconnect';

const preconnects = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preconnect"]')].map((link) => ({
    href: link.getAttribute('href'),
    crossOrigin: link.crossOrigin,
  }));

describe('preconnect', () => {
  const at = 1_000_000;
  beforeEach(() => document.head.replaceChildren());

  it.each([
    ['https://pwpush.example/', 'https://pwpush.example'],
    ['https://pwpush.example:8443/base/', 'https://pwpush.example:8443'],
    ['  http://127.0.0.1:5100 ', 'http://127.0.0.1:5100'],
  ])('opens one to the origin of %j', (baseUrl, origin) => {
    preconnect(document, baseUrl, at);
    expect(preconnects()).toEqual([{ href: origin, crossOrigin: 'anonymous' }]);
  });

  it('asks again only after a browser may have closed an unused one, or for another instance', () => {
    const first = () => document.head.querySelector('link[rel="preconnect"]');
    preconnect(document, 'https://a.example', at);
    const opened = first();
    preconnect(document, 'https://a.example', at + REOPEN_AFTER_MS - 1);
    expect(first()).toBe(opened);
    preconnect(document, 'https://a.example', at + REOPEN_AFTER_MS);
    expect(first()).not.toBe(opened);
    preconnect(document, 'https://b.example', at + REOPEN_AFTER_MS + 1);
    expect(preconnects()).toEqual([{ href: 'https://b.example', crossOrigin: 'anonymous' }]);
  });
});
