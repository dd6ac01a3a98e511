import { describe, expect, it } from 'vitest';
import { normalizeInstanceUrl } from '@/lib/settings/instance-url';

describe('normalizeInstanceUrl', () => {
  it.each([
    ['https://pwpush.example', 'https://pwpush.example'],
    ['https://pwpush.example/', 'https://pwpush.example'],
    ['https://pwpush.example/p/abc123/r?locale=de#top', 'https://pwpush.example'],
    ['https://pwpush.example/api/v2/version', 'https://pwpush.example'],
    ['  https://pwpush.example/users/token  \n', 'https://pwpush.example'],
    ['HTTPS://PWPush.Example', 'https://pwpush.example'],
    ['https://pwpush.example:443/', 'https://pwpush.example'],
    ['https://pwpush.example:8443/x', 'https://pwpush.example:8443'],
    ['https://alice:secret@pwpush.example/', 'https://pwpush.example'],
    ['https://pwpush', 'https://pwpush'],
    ['pwpush.example', 'https://pwpush.example'],
    ['pwpush.example/p/abc', 'https://pwpush.example'],
    ['pwpush.example:8443', 'https://pwpush.example:8443'],
    ['//pwpush.example/', 'https://pwpush.example'],
    ['http://localhost', 'http://localhost'],
    ['http://localhost:5100/', 'http://localhost:5100'],
    ['http://127.0.0.1:3000/api/v2', 'http://127.0.0.1:3000'],
    ['https://localhost:5100', 'https://localhost:5100'],
    ['localhost:5100', 'http://localhost:5100'],
    ['127.0.0.1:8080/path', 'http://127.0.0.1:8080'],
    ['https://bücher.example', 'https://xn--bcher-kva.example'],
  ])('%j → %s', (input, origin) => {
    expect(normalizeInstanceUrl(input)).toEqual({ ok: true, origin });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['http://pwpush.example', 'insecure'],
    ['http://example.com', 'insecure'],
    ['http://localhost.evil.example', 'insecure'],
    ['http://127.0.0.1.nip.io', 'insecure'],
    ['http://192.168.1.10:5100', 'insecure'],
    ['http://[::1]:5100', 'insecure'],
    ['ftp://pwpush.example', 'not-http'],
    ['file:///etc/passwd', 'not-http'],
    ['javascript:alert(1)', 'not-http'],
    ['mailto:admin@pwpush.example', 'not-http'],
    ['chrome-extension://abc/options.html', 'not-http'],
    ['https://', 'invalid'],
    ['https://pw push.example', 'invalid'],
    ['pw push.example', 'invalid'],
    ['https://[not-ipv6]', 'invalid'],
  ])('%j is refused as %s', (input, reason) => {
    expect(normalizeInstanceUrl(input)).toEqual({ ok: false, reason });
  });
});

describe('a bare word is questioned, not turned into a host', () => {
  it.each([
    ['pwpush', 'https://pwpush.com'],
    ['  PWPush ', 'https://pwpush.com'],
    ['pwpush/', 'https://pwpush.com'],
    ['mycompany', 'https://mycompany.com'],
    ['pwpush:8443', 'https://pwpush.com:8443'],
  ])('%j → did you mean %s?', (input, suggestion) => {
    expect(normalizeInstanceUrl(input)).toEqual({ ok: false, reason: 'bare-word', suggestion });
  });

  it.each([
    // Typed with its scheme: a name on the local network, taken as meant.
    ['https://pwpush', 'https://pwpush'],
    ['https://intranet-pwpush/', 'https://intranet-pwpush'],
    // A name with a dot, and this computer, are addresses already.
    ['pwpush.com', 'https://pwpush.com'],
    ['localhost', 'http://localhost'],
  ])('%j is an address: %s', (input, origin) => {
    expect(normalizeInstanceUrl(input)).toEqual({ ok: true, origin });
  });
});
