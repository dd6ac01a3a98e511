import { describe, expect, it } from 'vitest';
import { sameSettings } from '@/lib/share/lost-push';
import type { PushInput } from '@/lib/pwpush/types';
import { makePush } from '@/test/support/pwpush-fixtures';

const text: PushInput = {
  kind: 'text',
  payload: 's',
  expireAfterDays: 7,
  expireAfterViews: 5,
  deletableByViewer: true,
  retrievalStep: true,
};
const listed = makePush({ expireAfterDays: 7, expireAfterViews: 5, deletableByViewer: true, retrievalStep: true, name: '', note: '' });

describe('sameSettings', () => {
  it('matches a listed push with the settings sent', () => {
    expect(sameSettings(listed, text, 'oss')).toBe(true);
  });

  it.each([
    ['days', { expireAfterDays: 3 }],
    ['views', { expireAfterViews: 1 }],
    ['deletable by viewer', { deletableByViewer: false }],
    ['retrieval step', { retrievalStep: false }],
    ['name', { name: 'other' }],
    ['note', { note: 'other' }],
  ])('tells apart another %s', (_label, change) => {
    expect(sameSettings(listed, { ...text, ...change }, 'oss')).toBe(false);
  });

  it('expects null "deletable by viewer" for a URL push, as the server stores it', () => {
    const url: PushInput = { ...text, kind: 'url' };
    expect(sameSettings({ ...listed, deletableByViewer: null }, url, 'oss')).toBe(true);
    expect(sameSettings(listed, url, 'oss')).toBe(false);
  });

  it('ignores days on a commercial instance, which rounds them to its durations', () => {
    expect(sameSettings({ ...listed, expireAfterDays: 14 }, { ...text, expireAfterDays: 10 }, 'commercial')).toBe(true);
  });
});
