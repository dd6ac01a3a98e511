import { describe, expect, it } from 'vitest';
import { hostOf, isWebUrl, originOf, withoutTrailingSlash } from '@/lib/url';

describe('isWebUrl', () => {
  it.each([
    ['https://example.org/a?b', true],
    ['http://127.0.0.1:8080/', true],
    ['chrome://settings', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['about:blank', false],
    ['not a url', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (url, expected) => {
    expect(isWebUrl(url)).toBe(expected);
  });
});

describe('hostOf', () => {
  it.each([
    ['https://intranet.example:8443/x', 'intranet.example:8443'],
    ['https://PWPUSH.example/', 'pwpush.example'],
    ['not a url', 'not a url'],
    ['', ''],
    [undefined, ''],
  ])('%s → %s', (url, expected) => {
    expect(hostOf(url)).toBe(expected);
  });
});

describe('originOf', () => {
  it.each([
    ['https://pwpush.example/', 'https://pwpush.example'],
    ['https://PWPUSH.example:443', 'https://pwpush.example'],
    [' https://Api.Swedavia.se/x/ ', 'https://api.swedavia.se'],
    ['http://127.0.0.1:5100/some/path', 'http://127.0.0.1:5100'],
    ['not a url/', 'not a url'],
  ])('%s → %s', (url, expected) => {
    expect(originOf(url)).toBe(expected);
  });
});

describe('withoutTrailingSlash', () => {
  it.each([
    ['https://pwpush.example/', 'https://pwpush.example'],
    [' https://api.swedavia.se// ', 'https://api.swedavia.se'],
    ['https://host/prefix/', 'https://host/prefix'],
  ])('%s → %s', (url, expected) => {
    expect(withoutTrailingSlash(url)).toBe(expected);
  });
});
