import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { KEEP_ALIVE_MS, keptAlive } from '@/lib/share/relay/keep-alive';

afterEach(() => {
  vi.useRealTimers();
});

describe('a push out in the background', () => {
  it('calls the browser every 20 s while it is out, and no more once it ended', async () => {
    vi.useFakeTimers();
    const ping = vi.spyOn(fakeBrowser.runtime, 'getPlatformInfo').mockResolvedValue({ os: 'linux', arch: 'x86-64' } as never);
    let end!: (value: string) => void;
    const work = keptAlive(new Promise<string>((resolve) => (end = resolve)));
    await vi.advanceTimersByTimeAsync(KEEP_ALIVE_MS - 1);
    expect(ping).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2 * KEEP_ALIVE_MS);
    expect(ping).toHaveBeenCalledTimes(2);
    end('done');
    expect(await work).toBe('done');
    await vi.advanceTimersByTimeAsync(5 * KEEP_ALIVE_MS);
    expect(ping).toHaveBeenCalledTimes(2);
  });

  it('keeps going when the call fails, and hands back what the work rejected with', async () => {
    vi.useFakeTimers();
    vi.spyOn(fakeBrowser.runtime, 'getPlatformInfo').mockImplementation(() => {
      throw new Error('Extension context invalidated.');
    });
    let fail!: (error: Error) => void;
    const work = keptAlive(new Promise<never>((_, reject) => (fail = reject)));
    await vi.advanceTimersByTimeAsync(3 * KEEP_ALIVE_MS);
    fail(new Error('stopped'));
    await expect(work).rejects.toThrow('stopped');
  });
});
