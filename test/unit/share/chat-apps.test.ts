import { describe, expect, it } from 'vitest';
import { chatAppAt } from '@/lib/share/chat-apps';

describe('chatAppAt', () => {
  it.each([
    ['https://app.slack.com/client/T0123/C0456', 'Slack', 'preview'],
    ['https://acme.slack.com/archives/C0456', 'Slack', 'preview'],
    ['https://teams.microsoft.com/v2/', 'Microsoft Teams', 'preview'],
    ['https://teams.live.com/v2/', 'Microsoft Teams', 'preview'],
    ['https://outlook.office.com/mail/inbox', 'Outlook', 'scanner'],
    ['https://outlook.live.com/mail/0/', 'Outlook', 'scanner'],
    ['https://mail.google.com/mail/u/0/#inbox', 'Gmail', 'scanner'],
    ['https://chat.google.com/room/AAA', 'Google Chat', 'preview'],
    ['https://web.whatsapp.com/', 'WhatsApp', 'preview'],
    ['https://discord.com/channels/@me', 'Discord', 'preview'],
    ['https://web.telegram.org/a/', 'Telegram', 'preview'],
    ['https://www.messenger.com/t/123', 'Messenger', 'preview'],
    ['https://www.facebook.com/messages/t/123', 'Facebook Messenger', 'preview'],
    ['https://app.zoom.us/wc/team-chat', 'Zoom', 'preview'],
    ['https://acme.cloud.mattermost.com/team/channels/town-square', 'Mattermost', 'preview'],
    ['https://acme.rocket.chat/channel/general', 'Rocket.Chat', 'preview'],
    ['https://app.element.io/#/room/!abc', 'Element', 'preview'],
    ['https://www.linkedin.com/messaging/thread/123/', 'LinkedIn', 'preview'],
    ['https://x.com/messages/123-456', 'X', 'preview'],
    ['https://mail.proton.me/u/0/inbox', 'Proton Mail', 'scanner'],
  ])('%s is %s (%s)', (address, name, openedBy) => {
    expect(chatAppAt(address)).toEqual({ name, openedBy });
  });

  it.each([
    'https://slack.com/pricing',
    'https://discord.com/',
    'https://www.facebook.com/groups/123',
    'https://www.linkedin.com/in/someone',
    'https://x.com/someone',
    'https://example.org/',
    'https://notslack.com/',
    'https://app.slack.com.evil.example/',
    'https://mail.google.com.evil.example/',
    'file:///home/me/slack.html',
    'chrome://newtab/',
    '',
    null,
    undefined,
  ])('%s is none', (address) => {
    expect(chatAppAt(address)).toBeNull();
  });
});
