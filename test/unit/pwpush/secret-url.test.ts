import { describe, expect, it } from 'vitest';
import { explainPushError } from '@/lib/share/explain';
import { checkSecretUrl } from '@/lib/pwpush/secret-url';

const INSTANCE = 'https://pwpush.example';

describe('checkSecretUrl: only http(s) links on the instance host', () => {
  it.each([
    ['https://pwpush.example/p/k3xq9w0lz2mfa/r', 'https://pwpush.example/p/k3xq9w0lz2mfa/r'],
    ['https://pwpush.example/p/k3xq9w0lz2mfa?locale=sv', 'https://pwpush.example/p/k3xq9w0lz2mfa?locale=sv'],
    // A proxy that drops X-Forwarded-Proto makes the instance hand out http:// links
    // (docs/password-pusher.md#secret-url).
    ['http://pwpush.example/p/k3xq9w0lz2mfa', 'http://pwpush.example/p/k3xq9w0lz2mfa'],
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

  it('the same host and port over the other scheme, for an instance on a port', () => {
    expect(checkSecretUrl('http://127.0.0.1:5100/p/abcdefghijk', 'http://127.0.0.1:5100').ok).toBe(true);
    expect(checkSecretUrl('http://127.0.0.1:5101/p/abcdefghijk', 'http://127.0.0.1:5100').ok).toBe(false);
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
