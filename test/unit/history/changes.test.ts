import { afterEach, describe, expect, it } from 'vitest';
import { forgetExpired, markExpired, recordPush, removeEntry } from '@/lib/history/entries';
import { HISTORY_CHANNEL } from '@/lib/history/changes';
import { makePush } from '@/test/support/pwpush-fixtures';

const BASE = 'https://pwpush.example';

/** What another page hears on the channel. */
function listen(): { heard: unknown[]; close(): void } {
  const channel = new BroadcastChannel(HISTORY_CHANNEL);
  const heard: unknown[] = [];
  channel.onmessage = (event) => heard.push(event.data);
  return { heard, close: () => channel.close() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

let other: ReturnType<typeof listen> | undefined;
afterEach(() => other?.close());

describe('the history tells other pages what changed', () => {
  it('announces a push recorded, expired and forgotten, and only the kind of change', async () => {
    await recordPush(BASE, makePush({ urlToken: 'tok1', name: 'Wi-Fi' }), { kind: 'text', passphraseProtected: false });
    other = listen();

    await markExpired(BASE, 'tok1');
    await removeEntry(BASE, 'tok1');
    await recordPush(BASE, makePush({ urlToken: 'tok2' }), { kind: 'text', passphraseProtected: false });
    await settle();

    expect(other.heard).toEqual([{ change: 'expired' }, { change: 'forgotten' }, { change: 'recorded' }]);
  });

  it('says nothing when nothing changed: every page forgets expired pushes when it loads', async () => {
    await recordPush(BASE, makePush({ urlToken: 'tok1' }), { kind: 'text', passphraseProtected: false });
    other = listen();

    await forgetExpired(30);
    await markExpired(BASE, 'not-here');
    await settle();

    expect(other.heard).toEqual([]);
  });
});
