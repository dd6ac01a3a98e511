import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { storage as wxtStorage } from 'wxt/utils/storage';
import { storage } from '@/lib/settings/storage-item';

// lib/settings/storage-item.ts stands in for wxt/utils/storage for settings: what either one wrote, the other reads.
describe('storage.defineItem (lib/settings/storage-item.ts)', () => {
  it('keeps the value under the key without its area, as @wxt-dev/storage does', async () => {
    const item = storage.defineItem<string>('local:instanceUrl', { fallback: '', version: 1 });
    await item.setValue('https://pwpush.example');
    expect(await fakeBrowser.storage.local.get(null)).toEqual({ instanceUrl: 'https://pwpush.example' });
    expect(await wxtStorage.getItem('local:instanceUrl')).toBe('https://pwpush.example');
  });

  it('reads what @wxt-dev/storage wrote, in the area the key names', async () => {
    const theirs = wxtStorage.defineItem<{ primary: string; secondary: string }>('local:airportKeys', {
      fallback: { primary: '', secondary: '' },
      version: 1,
    });
    await theirs.setValue({ primary: 'k1', secondary: 'k2' });
    await wxtStorage.setItem('session:apiToken', 'session-token');
    const ours = storage.defineItem('local:airportKeys', { fallback: { primary: '', secondary: '' }, version: 1 });
    expect(await ours.getValue()).toEqual({ primary: 'k1', secondary: 'k2' });
    expect(await storage.defineItem<string>('session:apiToken', { fallback: '' }).getValue()).toBe('session-token');
    expect(await storage.defineItem<string>('local:apiToken', { fallback: '' }).getValue()).toBe('');
  });

  it('writes no version metadata, as @wxt-dev/storage without migrations does not', async () => {
    const theirs = wxtStorage.defineItem<number>('local:theirs', { fallback: 5, version: 1 });
    const ours = storage.defineItem<number>('local:ours', { fallback: 5, version: 1 });
    await theirs.setValue(3);
    await ours.setValue(3);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({ theirs: 3, ours: 3 });
  });

  it('gives the fallback for a missing value, and removes the value on null or removeValue', async () => {
    const item = storage.defineItem<string[]>('local:recentAirports', { fallback: [], version: 1 });
    expect(await item.getValue()).toEqual([]);
    await item.setValue(['ARN']);
    await item.setValue(null);
    expect(await fakeBrowser.storage.local.get('recentAirports')).toEqual({});
    await item.setValue(['GOT']);
    await item.removeValue();
    expect(await item.getValue()).toEqual([]);
    expect(item.key).toBe('local:recentAirports');
    expect(item.fallback).toEqual([]);
  });

  it('watches real changes of its own key only, with the fallback for a removed value', async () => {
    const item = storage.defineItem<{ month: string; count: number }>('local:airportCalls', {
      fallback: { month: '', count: 0 },
      version: 1,
    });
    const seen = vi.fn();
    const unwatch = item.watch(seen);
    await item.setValue({ month: '2026-11', count: 1 });
    await item.setValue({ month: '2026-11', count: 1 });
    await fakeBrowser.storage.local.set({ other: 1 });
    await item.removeValue();
    unwatch();
    await item.setValue({ month: '2026-11', count: 2 });
    expect(seen.mock.calls).toEqual([
      [
        { month: '2026-11', count: 1 },
        { month: '', count: 0 },
      ],
      [
        { month: '', count: 0 },
        { month: '2026-11', count: 1 },
      ],
    ]);
  });

  it('getItems reads several items in one round trip per area, each with its own fallback', async () => {
    const url = storage.defineItem<string>('local:airportApiUrl', { fallback: 'https://api.swedavia.se' });
    const minutes = storage.defineItem<number>('local:airportRefreshMinutes', { fallback: 5 });
    const token = storage.defineItem<string>('session:apiToken', { fallback: '' });
    await minutes.setValue(15);
    await token.setValue('session-token');
    const localGet = vi.spyOn(fakeBrowser.storage.local, 'get');
    expect(await storage.getItems([url, minutes, token] as const)).toEqual(['https://api.swedavia.se', 15, 'session-token']);
    expect(localGet).toHaveBeenCalledTimes(1);
  });

  it('setItems writes items of one area together, so a listener sees them change at once', async () => {
    const url = storage.defineItem<string>('local:airportApiUrl', { fallback: '' });
    const keys = storage.defineItem<{ primary: string }>('local:airportKeys', { fallback: { primary: '' } });
    const seen: string[][] = [];
    fakeBrowser.storage.local.onChanged.addListener((changes) => seen.push(Object.keys(changes).sort()));
    await storage.setItems([
      { item: url, value: 'https://b.example' },
      { item: keys, value: { primary: 'new' } },
    ]);
    expect(seen).toEqual([['airportApiUrl', 'airportKeys']]);
    expect(await keys.getValue()).toEqual({ primary: 'new' });
  });
});
