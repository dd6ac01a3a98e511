import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { classifyViewer, type Viewer } from '@/lib/receipts/classify-viewer';
import { LINK_PREVIEWERS } from '@/lib/receipts/link-previewers';
import { viewerText } from '@/lib/receipts/viewer-text';
import { loadMessages, makeGetMessage } from '../support/messages';

const SLACK = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';

function inLanguage(locale: string) {
  (fakeBrowser as unknown as { i18n: object }).i18n = { getMessage: makeGetMessage(loadMessages(locale)), getUILanguage: () => locale };
}

describe('viewerText', () => {
  it("names Slack's link preview and warns that it was no person", () => {
    expect(viewerText(classifyViewer(SLACK))).toEqual({
      who: "Slack's link preview",
      warning: "Opened by Slack's link preview, not a person: your recipient may find it expired.",
    });
  });

  it('says "a browser" for a browser, with no warning', () => {
    expect(viewerText({ kind: 'browser' })).toEqual({ who: 'a browser' });
  });

  it('never calls an unknown agent a person', () => {
    expect(viewerText({ kind: 'unknown' })).toEqual({ who: 'a browser or app we do not recognise' });
  });

  it('still warns about a scanner the table no longer lists (a receipt an older version kept)', () => {
    const gone: Viewer = { kind: 'scanner', id: 'retired-scanner' };
    expect(viewerText(gone)).toEqual({
      who: 'a link preview or mail scanner',
      warning: 'Opened by a link preview or mail scanner, not a person: your recipient may find it expired.',
    });
  });

  it('has words for every entry of the table', () => {
    for (const previewer of LINK_PREVIEWERS) {
      const text = viewerText({ kind: previewer.kind, id: previewer.id });
      expect(text.who).not.toMatch(/^pushesViewer/);
      expect(text.warning).toContain(text.who);
    }
  });

  it('speaks the browser’s language', () => {
    inLanguage('sv');
    expect(viewerText(classifyViewer(SLACK)).warning).toBe(
      'Öppnades av Slacks länkförhandsvisning, inte av en människa: mottagaren kan upptäcka att pushen redan har gått ut.',
    );
    inLanguage('de');
    expect(viewerText({ kind: 'unknown' }).who).toBe('ein Browser oder eine App, die wir nicht erkennen');
  });
});
