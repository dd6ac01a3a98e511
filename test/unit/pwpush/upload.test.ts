// The upload transport's timers with a scripted XMLHttpRequest: only a stall ends an upload.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPush } from '@/lib/pwpush/client';
import type { UploadOptions } from '@/lib/pwpush/upload';

/** Just enough of XMLHttpRequest, driven by the test. */
class ScriptedXhr {
  static last: ScriptedXhr;
  upload: { onprogress?: (event: { loaded: number; total: number }) => void; onload?: (event: { total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  status = 0;
  responseText = '';
  headers: Record<string, string> = {};
  method = '';
  url = '';
  body: unknown;
  aborted = false;
  constructor() {
    ScriptedXhr.last = this;
  }
  open(method: string, url: string) {
    Object.assign(this, { method, url });
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  getAllResponseHeaders() {
    return 'content-type: application/json; charset=utf-8\r\n';
  }
  answer(status: number, body: string) {
    Object.assign(this, { status, responseText: body });
    this.onload?.();
  }
}

const CREATED = JSON.stringify({ url_token: 'k3xq9w0lz2mfa', html_url: 'https://pwpush.example/p/k3xq9w0lz2mfa', expired: false });
const cfg = { baseUrl: 'https://pwpush.example', token: 'api-token' };
const input = { kind: 'file' as const, payload: '', files: [new File([new Uint8Array(1000)], 'a.bin')] };
const options = (extra: Partial<UploadOptions> = {}): UploadOptions => ({
  xhrFactory: () => new ScriptedXhr() as unknown as XMLHttpRequest,
  stallMs: 30_000,
  ...extra,
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('a file push over the upload transport', () => {
  it('goes as multipart with the token, reports progress, and waits as long as bytes move', async () => {
    const onProgress = vi.fn();
    const pending = createPush(cfg, input, 'oss', options({ onProgress }));
    await vi.advanceTimersByTimeAsync(0);
    const xhr = ScriptedXhr.last;
    expect([xhr.method, xhr.url]).toEqual(['POST', 'https://pwpush.example/api/v2/pushes']);
    expect(xhr.headers).toMatchObject({ Authorization: 'Bearer api-token', Accept: 'application/json' });
    expect(xhr.body).toBeInstanceOf(FormData);
    // Two minutes of slow progress, 20 s apart: far beyond 10 s, never a 30 s stall.
    for (let sent = 100; sent <= 600; sent += 100) {
      await vi.advanceTimersByTimeAsync(20_000);
      xhr.upload.onprogress?.({ loaded: sent, total: 1000 });
    }
    expect(onProgress).toHaveBeenLastCalledWith(600, 1000);
    xhr.upload.onload?.({ total: 1000 });
    await vi.advanceTimersByTimeAsync(25_000);
    xhr.answer(201, CREATED);
    expect(await pending).toMatchObject({ ok: true, value: { urlToken: 'k3xq9w0lz2mfa' } });
  });

  it('times out when no byte moved for the stall time', async () => {
    const pending = createPush(cfg, input, 'oss', options());
    await vi.advanceTimersByTimeAsync(0);
    ScriptedXhr.last.upload.onprogress?.({ loaded: 10, total: 1000 });
    await vi.advanceTimersByTimeAsync(30_001);
    expect(ScriptedXhr.last.aborted).toBe(true);
    expect(await pending).toEqual({ ok: false, error: { kind: 'timeout' } });
  });

  it('Cancel aborts it, and it is not reported as a timeout', async () => {
    const cancel = new AbortController();
    const pending = createPush(cfg, input, 'oss', options({ signal: cancel.signal }));
    await vi.advanceTimersByTimeAsync(0);
    cancel.abort();
    expect(ScriptedXhr.last.aborted).toBe(true);
    expect(await pending).toEqual({ ok: false, error: { kind: 'network' } });
  });
});
