import { describe, expect, it } from 'vitest';
import { explainPushError } from '@/lib/share/explain';
import { checkSecretUrl } from '@/lib/pwpush/secret-url';

const INSTANCE = 'https://pwpush.example';

describe('checkSecretUrl: only http(s) links on the instance host', () => {
  it.each([
    ['https://pwpush.example/p/k3xq9w0lz2mfa/r', 'https://pwpush.example/p/k3xq9w0lz2mfa/r'],
    ['https://pwpush.example/p/k3xq9w0lz2mfa?locale=sv', 'https://pwpush.example/p/k3xq9w0lz2mfa?locale=sv'],
    ['https://PWPUSH.example/p/k3xq9w0lz2mfa', 'https://pwpush.example/p/k3xq9w0lz2mfa'],
  ])('accepts %s', (link, expected) => {
    expect(checkSecretUrl(link, INSTANCE)).toEqual({ ok: true, value: expected });
  });

  it.each([
    'data:text/html,<script>alert(1)</script>',
    'javascript:alert(document.domain)',
    'java\nscript:alert(1)',
    'file:///etc/passwd',
    'chrome://settings',
    'chrome-extension://abcdefghijklmnop/popup.html',
    'https://evil.example/p/k3xq9w0lz2mfa',
    'https://pwpush.example.evil.example/p/k3xq9w0lz2mfa',
    'https://pwpush.example@evil.example/p/k3xq9w0lz2mfa',
    'https://user:pass@pwpush.example/p/k3xq9w0lz2mfa',
    'https://pwpush.example:8443/p/k3xq9w0lz2mfa',
    'ftp://pwpush.example/p/k3xq9w0lz2mfa',
    '/p/k3xq9w0lz2mfa',
    '',
  ])('refuses %j and names it', (link) => {
    const result = checkSecretUrl(link, INSTANCE);
    expect(result).toEqual({ ok: false, error: { kind: 'unexpected', detail: 'untrusted-link', serverMessage: link } });
  });

  it('the same host and port, for an instance on a port', () => {
    expect(checkSecretUrl('http://127.0.0.1:5100/p/abcdefghijk', 'http://127.0.0.1:5100').ok).toBe(true);
    expect(checkSecretUrl('http://127.0.0.1:5101/p/abcdefghijk', 'http://127.0.0.1:5100').ok).toBe(false);
  });

  // A proxy that drops X-Forwarded-Proto makes an https instance hand out http:// links
  // (docs/password-pusher.md#secret-url): shared as given, the link would send the secret's
  // request in the clear, weaker than the instance it came from.
  it.each([
    ['http://pwpush.example/p/k3xq9w0lz2mfa/r', 'https://pwpush.example', 'https://pwpush.example/p/k3xq9w0lz2mfa/r'],
    ['http://pwpush.example:8443/p/k3xq9w0lz2mfa', 'https://pwpush.example:8443', 'https://pwpush.example:8443/p/k3xq9w0lz2mfa'],
    ['http://pwpush.example/pfb/blobs/redirect/x/a.pdf', 'https://pwpush.example/', 'https://pwpush.example/pfb/blobs/redirect/x/a.pdf'],
  ])('upgrades %s from the https instance %s to https', (link, instance, expected) => {
    expect(checkSecretUrl(link, instance)).toEqual({ ok: true, value: expected });
  });

  it('keeps an https link from an http instance as it is (it is stronger)', () => {
    expect(checkSecretUrl('https://127.0.0.1:5100/p/abcdefghijk', 'http://127.0.0.1:5100')).toEqual({
      ok: true,
      value: 'https://127.0.0.1:5100/p/abcdefghijk',
    });
  });

  it('refuses an http link from an https instance on any other host, and says why', () => {
    const link = 'http://pwpush.internal:3000/p/k3xq9w0lz2mfa';
    const result = checkSecretUrl(link, INSTANCE);
    expect(result).toEqual({ ok: false, error: { kind: 'unexpected', detail: 'untrusted-link', serverMessage: link } });
    const { message } = explainPushError(!result.ok ? result.error : { kind: 'network' });
    expect(message).toContain('http://pwpush.internal:3000/p/k3xq9w0lz2mfa');
  });

  it('the explanation quotes what came back, cut short', () => {
    const long = `data:text/html,${'A'.repeat(5000)}`;
    const result = checkSecretUrl(long, INSTANCE);
    const { message } = explainPushError(!result.ok ? result.error : { kind: 'network' });
    expect(message).toContain('data:text/html,AAAA');
    expect(message).toContain('nothing was shown, copied, opened or kept');
    expect(message.length).toBeLessThan(600);
  });
});
