import { describe, expect, it } from 'vitest';
import { classifyViewer } from '@/lib/receipts/classify-viewer';
import { LINK_PREVIEWERS } from '@/lib/receipts/link-previewers';

/**
 * One user agent per entry of lib/receipts/link-previewers.ts, as its `source` shows it. Barracuda's
 * and Proofpoint's source names only the token their agents carry, not a whole agent.
 */
const PREVIEWER_AGENTS: Array<[id: string, userAgent: string]> = [
  ['slack', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)'],
  ['slack', 'Slackbot-LinkExpanding (+https://api.slack.com/robots)'],
  ['teams', 'SkypeUriPreview Preview/0.5'],
  ['teams', 'Mozilla/5.0 (compatible; SkypeUriPreview; +https://www.skype.com)'],
  ['google-image-proxy', 'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)'],
  [
    'apple',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0',
  ],
  ['whatsapp', 'WhatsApp/2.23.18.78 i'],
  ['telegram', 'TelegramBot (like TwitterBot)'],
  ['discord', 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)'],
  ['meta', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'],
  ['linkedin', 'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)'],
  ['linkedin', 'LinkedInBot/1.0 (compatible; Mozilla/5.0; Jakarta Commons-HttpClient/3.1 +http://www.linkedin.com)'],
  ['x', 'Mozilla/5.0 (compatible; Twitterbot/1.0)'],
  ['x', 'Twitterbot/1.0'],
  ['microsoft-office', 'Mozilla/4.0 (compatible; ms-office; MSOffice 16)'],
  ['microsoft-office', 'Microsoft Office Existence Discovery'],
  ['barracuda', 'Barracuda'],
  ['proofpoint', 'proofpoint'],
];

const BROWSERS: Array<[name: string, userAgent: string]> = [
  ['Chrome on Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'],
  [
    'Edge on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  ],
  ['Firefox on Linux', 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'],
  [
    'Safari on macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15',
  ],
  [
    'Safari on iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
  ],
  ['Chrome on Android', 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'],
  [
    'Chrome on a Chromebook',
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  ],
];

const UNKNOWNS: Array<[name: string, userAgent: string | null | undefined]> = [
  ['no agent', ''],
  ['a null agent', null],
  ['an absent agent', undefined],
  ['blank', '   '],
  ['curl', 'curl/8.5.0'],
  ['python-requests', 'python-requests/2.31.0'],
  ['Go', 'Go-http-client/1.1'],
  ['a bare Mozilla', 'Mozilla/5.0'],
  ['headless Chrome', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36'],
  ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
  ['a program calling Discord’s API', 'DiscordBot (https://discord.js.org, 14.18.0)'],
  ['an old Internet Explorer', 'Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1; Trident/4.0)'],
  [
    'an Electron app',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Slack/4.41.105 Chrome/130.0.0.0 Electron/33.0.0 Safari/537.36',
  ],
  ['a browser name on no system', 'Mozilla/5.0 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'],
];

describe('classifyViewer', () => {
  it.each(PREVIEWER_AGENTS)('names %s from its agent %j', (id, userAgent) => {
    const entry = LINK_PREVIEWERS.find((previewer) => previewer.id === id)!;
    expect(classifyViewer(userAgent)).toEqual({ kind: entry.kind, id });
  });

  it.each(BROWSERS)('calls %s a browser', (_name, userAgent) => {
    expect(classifyViewer(userAgent, '')).toEqual({ kind: 'browser' });
  });

  it.each(UNKNOWNS)('never guesses a person for %s', (_name, userAgent) => {
    expect(classifyViewer(userAgent)).toEqual({ kind: 'unknown' });
  });

  it("keeps a browser a browser when the referrer is a scanner's rewriter (a person's click comes that way too)", () => {
    const chrome = BROWSERS[0]![1];
    expect(classifyViewer(chrome, 'https://eur01.safelinks.protection.outlook.com/?url=x')).toEqual({ kind: 'browser' });
    expect(classifyViewer(chrome, 'https://protect-eu.mimecast.com/s/abc')).toEqual({ kind: 'browser' });
  });
});

describe('the table of link previewers', () => {
  it('has a tested agent for every entry, and an entry for every tested agent', () => {
    expect(new Set(PREVIEWER_AGENTS.map(([id]) => id))).toEqual(new Set(LINK_PREVIEWERS.map((previewer) => previewer.id)));
  });

  it('gives every entry one id, a name, a kind and a source (a page, or where it was observed)', () => {
    const ids = LINK_PREVIEWERS.map((previewer) => previewer.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const previewer of LINK_PREVIEWERS) {
      expect(previewer.nameKey).toMatch(/^pushesViewer[A-Z]\w*$/);
      expect(['preview', 'scanner']).toContain(previewer.kind);
      expect(previewer.userAgent.length).toBeGreaterThan(0);
      expect(previewer.source).toMatch(/^observed\b|^[a-z0-9.-]+\.[a-z]{2,}\//);
      expect(previewer.source).not.toMatch(/https?:\/\//);
    }
  });

  it('puts Apple before Meta and X, whose tokens its agent carries', () => {
    const ids = LINK_PREVIEWERS.map((previewer) => previewer.id);
    expect(ids.indexOf('apple')).toBeLessThan(ids.indexOf('meta'));
    expect(ids.indexOf('apple')).toBeLessThan(ids.indexOf('x'));
  });
});
