import { afterEach, describe, expect, it, vi } from 'vitest';
import { handOver, headerOf, isFileHeaders, isSentFiles, namedOnly, sameFiles, type FilesMessage } from '@/lib/share/relay/files';
import { FILES_WAIT_MS, filesFor, listenForFiles } from '@/lib/share/relay/files-background';
import { installFakeWorker } from '@/test/support/extension-worker';

const report = new File(['quarterly'], 'report.pdf', { type: 'application/pdf', lastModified: 5 });
const notes = new File(['n'], 'notes.txt', { type: 'text/plain', lastModified: 6 });

afterEach(() => {
  vi.useRealTimers();
});

describe('handing files to the background', () => {
  it('in Chrome, posts them to the service worker under a random id and names them in the push', async () => {
    const worker = installFakeWorker();
    const sent = await handOver([report, notes]);
    expect(sent).toEqual({ files: [headerOf(report), headerOf(notes)], transfer: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const [message] = worker.posted as FilesMessage[];
    expect(message).toEqual({ type: 'push:files', transfer: 'transfer' in sent ? sent.transfer : '', files: [report, notes] });
  });

  it('in Firefox, which has no service worker, keeps them for the push message, whose port clones a File', async () => {
    expect(await handOver([report])).toEqual({ files: [report] });
  });

  it('gives the background the files when they come first, and when the push comes first', async () => {
    const stop = listenForFiles();
    installFakeWorker();
    try {
      const first = await handOver([report]);
      await new Promise((resolve) => setTimeout(resolve, 0));
      const came = await filesFor('transfer' in first ? first.transfer : '');
      expect(came?.map((file) => file.name)).toEqual(['report.pdf']);

      const pending = filesFor('the-id-named-first');
      globalThis.dispatchEvent(
        new MessageEvent('message', {
          data: { type: 'push:files', transfer: 'the-id-named-first', files: [notes] },
          origin: location.origin,
        }),
      );
      expect((await pending)?.map((file) => [file.name, file.size])).toEqual([['notes.txt', 1]]);
    } finally {
      stop();
    }
  });

  it.each([
    ['another origin', { type: 'push:files', transfer: 't1', files: [report] }, 'https://evil.example'],
    ['no files', { type: 'push:files', transfer: 't1', files: [] }, undefined],
    ['files turned into plain objects', { type: 'push:files', transfer: 't1', files: [{}] }, undefined],
    ['another message', { type: 'clipboard', transfer: 't1', files: [report] }, undefined],
  ])('ignores a message from %s, and no push gets files it did not name', async (_what, data, origin) => {
    vi.useFakeTimers();
    const stop = listenForFiles();
    try {
      const pending = filesFor('t1');
      globalThis.dispatchEvent(new MessageEvent('message', { data, origin: origin ?? location.origin }));
      await vi.advanceTimersByTimeAsync(FILES_WAIT_MS);
      expect(await pending).toBeNull();
    } finally {
      stop();
    }
  });

  it('lets go of files no push came for in time', async () => {
    vi.useFakeTimers();
    const stop = listenForFiles();
    try {
      globalThis.dispatchEvent(
        new MessageEvent('message', { data: { type: 'push:files', transfer: 'late', files: [report] }, origin: location.origin }),
      );
      await vi.advanceTimersByTimeAsync(FILES_WAIT_MS);
      const pending = filesFor('late');
      await vi.advanceTimersByTimeAsync(FILES_WAIT_MS);
      expect(await pending).toBeNull();
    } finally {
      stop();
    }
  });
});

describe('the files a push message carries', () => {
  it.each([
    ['headers with a transfer id (Chrome)', { files: [headerOf(report)], transfer: 't1' }, true],
    ['the files themselves (Firefox)', { files: [report] }, true],
    ['files a Chrome port turned into plain objects', { files: [{}] }, false],
    ['headers without a transfer id', { files: [headerOf(report)] }, false],
    ['a transfer id that is not text', { files: [headerOf(report)], transfer: 7 }, false],
    ['no files', { files: [], transfer: 't1' }, false],
  ])('%s: %s', (_what, value, valid) => {
    expect(isSentFiles(value)).toBe(valid);
  });

  it.each([
    ['one file', [{ name: 'a.txt', type: 'text/plain', lastModified: 1, size: 3 }], true],
    ['an empty list', [], false],
    ['a size that is not a whole number', [{ name: 'a', type: '', lastModified: 1, size: 1.5 }], false],
    ['a negative size', [{ name: 'a', type: '', lastModified: 1, size: -1 }], false],
    ['no name', [{ type: '', lastModified: 1, size: 1 }], false],
    ['a null entry', [null], false],
    ['not a list', { name: 'a' }, false],
  ])('headers, %s: %s', (_what, value, valid) => {
    expect(isFileHeaders(value)).toBe(valid);
  });

  it.each([
    ['the same files', [report, notes], true],
    ['one missing', [report], false],
    ['another order', [notes, report], false],
    ['another size', [new File(['quarterly!'], 'report.pdf', { type: 'application/pdf' }), notes], false],
  ])('came as named, %s: %s', (_what, files, same) => {
    expect(sameFiles([headerOf(report), headerOf(notes)], files)).toBe(same);
  });

  it('give a look the names without the bytes', () => {
    const named = namedOnly([{ name: 'report.pdf', type: 'application/pdf', lastModified: 9, size: 1_000_000 }]);
    expect(named.map((file) => [file.name, file.type, file.size])).toEqual([['report.pdf', 'application/pdf', 0]]);
  });
});
