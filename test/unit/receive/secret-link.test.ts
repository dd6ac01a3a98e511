import { describe, expect, it } from 'vitest';
import { parseSecretLink } from '@/lib/receive/secret-link';

const INSTANCE = 'https://pwpush.example';
const TOKEN = 'k3xq9w0lz2mfa';

describe('parseSecretLink accepts links of the configured instance', () => {
  it.each([
    ['the shared link', `https://pwpush.example/p/${TOKEN}`],
    ['the retrieval-step link', `https://pwpush.example/p/${TOKEN}/r`],
    ['a trailing slash', `https://pwpush.example/p/${TOKEN}/`],
    ['the legacy file path', `https://pwpush.example/f/${TOKEN}`],
    ['the legacy /r/ path', `https://pwpush.example/r/${TOKEN}`],
    ['the legacy .json suffix', `https://pwpush.example/p/${TOKEN}.json`],
    ['.json after the retrieval step', `https://pwpush.example/p/${TOKEN}/r.json`],
    ['a locale query', `https://pwpush.example/p/${TOKEN}/r?locale=de`],
    ['a fragment', `https://pwpush.example/p/${TOKEN}#top`],
    ['surrounding whitespace and a line break', `  https://pwpush.example/p/${TOKEN}/r\n`],
    ['an upper-case host', `HTTPS://PWPUSH.EXAMPLE/p/${TOKEN}`],
    ['no scheme, as chat apps shorten it', `pwpush.example/p/${TOKEN}`],
    ['a bare token', TOKEN],
    ['a bare token with whitespace', `\t${TOKEN} `],
    // Every form a real instance gives out (docs/password-pusher.md#secret-url).
    ['the legacy /f/ path with a retrieval step', `https://pwpush.example/f/${TOKEN}/r`],
    ['the legacy /r/ path with a retrieval step', `https://pwpush.example/r/${TOKEN}/r`],
    ['a locale query on the plain link', `https://pwpush.example/p/${TOKEN}?locale=sv`],
    ['the legacy locale prefix', `https://pwpush.example/en/p/${TOKEN}`],
    ['the legacy locale prefix with a region and retrieval step', `https://pwpush.example/pt-BR/p/${TOKEN}/r`],
    ['the legacy locale prefix on a file push', `https://pwpush.example/de/f/${TOKEN}`],
    ['plain http of the same host (a proxy dropped X-Forwarded-Proto)', `http://pwpush.example/p/${TOKEN}/r`],
    ['plain http, legacy locale and a locale query', `http://pwpush.example/fr/p/${TOKEN}?locale=fr`],
    // Pages of one push that Password Pusher serves and a person may copy from the address bar.
    ['the passphrase page', `https://pwpush.example/p/${TOKEN}/passphrase`],
    ['the preview page', `https://pwpush.example/p/${TOKEN}/preview`],
    ['the legacy file path to the passphrase page', `https://pwpush.example/f/${TOKEN}/passphrase`],
  ])('%s', (_, input) => {
    expect(parseSecretLink(input, INSTANCE)).toEqual({ ok: true, urlToken: TOKEN });
  });

  it('keeps the url-safe characters - and _ of a token', () => {
    expect(parseSecretLink('ab-cd_ef12x', INSTANCE)).toEqual({ ok: true, urlToken: 'ab-cd_ef12x' });
    expect(parseSecretLink('https://pwpush.example/p/-_ab12cd34x/r', INSTANCE)).toEqual({ ok: true, urlToken: '-_ab12cd34x' });
  });

  it('accepts bare tokens of 11 to 19 characters, the lengths real instances make', () => {
    expect(parseSecretLink('a'.repeat(11), INSTANCE)).toEqual({ ok: true, urlToken: 'a'.repeat(11) });
    expect(parseSecretLink(`${'z9'.repeat(9)}q`, INSTANCE)).toEqual({ ok: true, urlToken: `${'z9'.repeat(9)}q` });
  });

  it('accepts the instance origin written with a trailing slash', () => {
    expect(parseSecretLink(`https://pwpush.example/p/${TOKEN}`, 'https://pwpush.example/')).toEqual({ ok: true, urlToken: TOKEN });
  });

  it('accepts an http instance on a port (the local reference server)', () => {
    expect(parseSecretLink(`http://127.0.0.1:4321/p/${TOKEN}/r`, 'http://127.0.0.1:4321')).toEqual({ ok: true, urlToken: TOKEN });
    expect(parseSecretLink(`127.0.0.1:4321/p/${TOKEN}`, 'http://127.0.0.1:4321')).toEqual({ ok: true, urlToken: TOKEN });
  });

  it('accepts links below an instance served under a path', () => {
    expect(parseSecretLink(`https://corp.example/pwpush/p/${TOKEN}/r`, 'https://corp.example/pwpush')).toEqual({
      ok: true,
      urlToken: TOKEN,
    });
  });
});

describe('parseSecretLink refuses links of another instance, naming it', () => {
  it.each([
    ['another host', `https://pwpush.evil.example/p/${TOKEN}`, 'https://pwpush.evil.example'],
    ['a look-alike host', `https://pwpush.example.evil.test/p/${TOKEN}/r`, 'https://pwpush.example.evil.test'],
    ['another port', `https://pwpush.example:8443/p/${TOKEN}`, 'https://pwpush.example:8443'],
    ['plain http of another port', `http://pwpush.example:8080/p/${TOKEN}`, 'http://pwpush.example:8080'],
    ['another host in the legacy locale form', `https://evil.example/en/p/${TOKEN}`, 'https://evil.example'],
    ['the hosted service', `https://eu.pwpush.com/p/${TOKEN}`, 'https://eu.pwpush.com'],
    ['user info before a look-alike host', `https://pwpush.example@evil.test/p/${TOKEN}`, 'https://evil.test'],
  ])('%s', (_, input, linkOrigin) => {
    expect(parseSecretLink(input, INSTANCE)).toEqual({ ok: false, reason: 'other-instance', linkOrigin });
  });
});

describe('parseSecretLink refuses what is not a secret link', () => {
  it.each([
    ['nothing', '', 'empty'],
    ['only whitespace', ' \n\t ', 'empty'],
    ['a short word', 'hello', 'not-a-link'],
    ['a token in upper case', 'K3XQ9W0LZ2MFA', 'not-a-link'],
    ['a too short token', 'abc1234', 'not-a-link'],
    ['the word "password"', 'password', 'not-a-link'],
    ['a ten-character word', 'passphrase', 'not-a-link'],
    ['a twenty-character string', 'a'.repeat(20), 'not-a-link'],
    ['a link with a too short token', 'https://pwpush.example/p/password', 'not-a-link'],
    ['a locale prefix that is no locale', `https://pwpush.example/users/p/${TOKEN}`, 'not-a-link'],
    ['a data: URL of the legacy form', `data:text/html,/en/p/${TOKEN}`, 'not-a-link'],
    ['a sentence', 'my password is hunter22', 'not-a-link'],
    ['the instance home page', 'https://pwpush.example/', 'not-a-link'],
    ['another page of the instance', 'https://pwpush.example/users/sign_in', 'not-a-link'],
    ['a push page without a token', 'https://pwpush.example/p/', 'not-a-link'],
    ['a token with dots', 'https://pwpush.example/p/../version', 'not-a-link'],
    ['an encoded token', `https://pwpush.example/p/${TOKEN}%2F..`, 'not-a-link'],
    ['an extra path segment', `https://pwpush.example/p/${TOKEN}/audit`, 'not-a-link'],
    ['a javascript: URL', `javascript:alert(1)//p/${TOKEN}`, 'not-a-link'],
    ['a data: URL', `data:text/html,/p/${TOKEN}`, 'not-a-link'],
    ['an API path', `https://pwpush.example/api/v2/pushes/${TOKEN}`, 'not-a-link'],
  ])('%s', (_, input, reason) => {
    expect(parseSecretLink(input, INSTANCE)).toEqual({ ok: false, reason });
  });

  it('refuses links when the instance itself is not a URL', () => {
    expect(parseSecretLink(`https://pwpush.example/p/${TOKEN}`, '')).toEqual({ ok: false, reason: 'not-a-link' });
  });
});

describe('parseSecretLink on an instance that takes requests (the commercial edition)', () => {
  const requests = { requestLinks: true };

  it.each([
    ['a request link', `https://pwpush.example/r/${TOKEN}`],
    ['a request link with a trailing slash', `https://pwpush.example/r/${TOKEN}/`],
    ['a request link with a locale prefix and query', `https://pwpush.example/de/r/${TOKEN}?locale=de`],
    ['a request link without a scheme', `pwpush.example/r/${TOKEN}`],
  ])('%s is said to be a request, with the link to answer it', (_, input) => {
    const parsed = parseSecretLink(input, INSTANCE, requests);
    expect(parsed).toMatchObject({ ok: false, reason: 'request-link' });
    expect(parsed.ok === false && parsed.reason === 'request-link' && new URL(parsed.link).origin).toBe(INSTANCE);
  });

  it.each([
    ['a push link', `https://pwpush.example/p/${TOKEN}`],
    ['a push link with its retrieval step', `https://pwpush.example/p/${TOKEN}/r`],
    ['a bare token', TOKEN],
  ])('%s is still a push', (_, input) => {
    expect(parseSecretLink(input, INSTANCE, requests)).toEqual({ ok: true, urlToken: TOKEN });
  });

  it("another host's /r/ link is refused as another instance's, never offered to open", () => {
    expect(parseSecretLink(`https://pwpush.evil/r/${TOKEN}`, INSTANCE, requests)).toEqual({
      ok: false,
      reason: 'other-instance',
      linkOrigin: 'https://pwpush.evil',
    });
  });
});
