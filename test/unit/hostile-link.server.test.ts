// @vitest-environment node
// Against the reference server's hostile mode: a link that is not the instance's own
// http(s) link fails the push, and nothing is recorded.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_DEFAULTS } from '@/lib/settings';
import { retrievePush } from '@/lib/pwpush/client';
import { sharePush } from '@/lib/share/share-push';
import { quietBook } from '@/test/support/attempt-books';
import { startPwpushServer, type PwpushServer } from '../servers/pwpush/server.mjs';

let server: PwpushServer;
beforeAll(async () => {
  server = await startPwpushServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe('a push whose html_url is not the instance own link', () => {
  it.each([
    'data:text/html,<script>alert(1)</script>',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'chrome://settings',
    'https://phish.example/p/k3xq9w0lz2mfa',
  ])('%s: an error that names it, and the push, which exists, kept without its link', async (url) => {
    server.setFault({ type: 'hostile-link', url });
    const book = quietBook();
    const known = { connection: { baseUrl: server.url, token: server.users[0]!.token }, defaults: DEFAULT_PUSH_DEFAULTS, edition: 'oss' };
    const result = await sharePush({ kind: 'text', payload: 'secret' }, { fetch, book, known });
    expect(result).toEqual({ ok: false, error: { kind: 'link-refused', attemptId: expect.any(String), link: url } });
    expect(book.settle).toHaveBeenCalledOnce();
    expect(book.settle.mock.calls[0]![2]).toMatchObject({ urlToken: 'h0stilel1nk0k3n', htmlUrl: '' });
    expect(book.forget).not.toHaveBeenCalled();
  });

  it('an instance with override_base_url on another host: the push is made, its link refused, and a retry makes no second one', async () => {
    server.setOptions({ overrideBaseUrl: 'https://pwpush.elsewhere.example' });
    const book = quietBook();
    const known = { connection: { baseUrl: server.url, token: server.users[0]!.token }, defaults: DEFAULT_PUSH_DEFAULTS, edition: 'oss' };
    const first = await sharePush({ kind: 'text', payload: 'secret' }, { fetch, book, known });
    const [made] = server.pushes();
    expect(first).toEqual({
      ok: false,
      error: { kind: 'link-refused', attemptId: expect.any(String), link: `https://pwpush.elsewhere.example/p/${made!.url_token}/r` },
    });
    expect(book.settle.mock.calls[0]![2]).toMatchObject({ urlToken: made!.url_token, htmlUrl: '' });
    // The same again, as the popup sends it after such a failure: looked for first, found, not made again.
    if (first.ok || first.error.kind !== 'link-refused') throw new Error('expected a refused link');
    const again = await sharePush(
      { kind: 'text', payload: 'secret' },
      { fetch, book, known, earlier: { attemptId: first.error.attemptId, startedAt: Date.now() - 1000 }, lookDelays: [0] },
    );
    expect(again).toEqual({ ok: false, error: { kind: 'link-refused', attemptId: first.error.attemptId, link: first.error.link } });
    expect(server.pushes()).toHaveLength(1);
  });

  it('the real link of the instance passes and is recorded', async () => {
    const book = quietBook();
    const known = { connection: { baseUrl: server.url, token: '' }, defaults: DEFAULT_PUSH_DEFAULTS, edition: 'oss' };
    const result = await sharePush({ kind: 'text', payload: 'secret' }, { fetch, book, known });
    expect(result.ok && result.value.push.htmlUrl).toMatch(new RegExp(`^${server.url}/p/[a-z0-9_-]+/r$`));
    expect(book.settle).toHaveBeenCalledTimes(1);
  });
});

describe('a retrieved file push with a file link elsewhere (the hostile-file-link fault)', () => {
  it('answers one file on the instance and one at the given link, as parsed by the client', async () => {
    server.setFault({ type: 'hostile-file-link', url: 'https://files.phish.example/invoice.exe', paths: '/api/v2/pushes' });
    const result = await retrievePush({ baseUrl: server.url, token: '', fetch }, 'anytoken');
    expect(result.ok && result.value.files.map((file) => [file.filename, file.url])).toEqual([
      ['report.pdf', `${server.url}/pfb/blobs/redirect/f1/report.pdf`],
      ['invoice.exe', 'https://files.phish.example/invoice.exe'],
    ]);
  });
});
