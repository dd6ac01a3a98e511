import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMessages } from '../support/messages';

// One language across the product: the same thing has the same name everywhere,
// in both languages. locales.test.ts checks that the catalogues are complete; this checks how they read.

const en = loadMessages('en');
const sv = loadMessages('sv');
const README = readFileSync(resolve(__dirname, '../../README.md'), 'utf8');

/**
 * Words that name the settings page "options". Options of something else (the popup's "Options"
 * disclosure of one push, clipboard or history options) are another thing and fine.
 */
const NAMES_THE_PAGE_OPTIONS = /\b(?:in|into|open|from) the options\b(?! of\b)|\boptions page\b|^open options$|\bpushgate options\b/i;

describe('one name for the settings page', () => {
  it('is "settings" in every English message, never "options"', () => {
    const saying = Object.entries(en)
      .filter(([, { message }]) => NAMES_THE_PAGE_OPTIONS.test(message))
      .map(([key, { message }]) => `${key}: ${message}`);
    expect(saying).toEqual([]);
  });

  it('is "inställningar" in Swedish', () => {
    expect(sv.popupOptionsPage!.message).toBe('Inställningar');
    expect(sv.failureOpenOptions!.message).toBe('Öppna inställningarna');
    expect(sv.pushesOpenOptions!.message).toBe(sv.failureOpenOptions!.message);
  });

  it('is the settings page in the README too', () => {
    expect(README).not.toMatch(/\boptions page\b|\bthe options\b|extension's options/i);
    expect(README).toMatch(/settings page/);
  });
});

describe('one wording per option', () => {
  it.each([
    ['optionsRetrievalStep', 'popupRetrievalStep'],
    ['optionsRetrievalStepHint', 'popupRetrievalStepHint'],
    ['optionsExpireDays', 'popupExpireDays'],
    ['optionsExpireViews', 'popupExpireViews'],
    ['optionsDeletableByViewer', 'popupDeletable'],
  ])('the options page (%s) and the popup (%s) say it the same way', (page, popup) => {
    expect(en[popup]!.message).toBe(en[page]!.message);
    expect(sv[popup]!.message).toBe(sv[page]!.message);
  });
});

describe('sentences', () => {
  it.each(['en', 'sv', 'de', 'es', 'fr', 'it', 'nl'])('no double full stops in %s', (lang) => {
    const doubled = Object.entries(loadMessages(lang))
      .filter(([, { message }]) => /(?<!\.)\.\.(?!\.)|\.\s+\./.test(message))
      .map(([key]) => key);
    expect(doubled).toEqual([]);
  });

  it.each([
    ['en', en],
    ['sv', sv],
  ] as const)('every hint in %s is a full sentence ending with a full stop', (_, catalogue) => {
    const fragments = Object.entries(catalogue)
      .filter(([key, { message }]) => key.endsWith('Hint') && !/^[A-ZÅÄÖ0-9$].*[.!?]$/u.test(message))
      .map(([key]) => key);
    expect(fragments).toEqual([]);
  });

  it.each([
    ['en', en],
    ['sv', sv],
  ] as const)('days come before views wherever both are said (%s)', (_, catalogue) => {
    const viewsFirst = Object.entries(catalogue)
      .filter(([, { message }]) => message.includes('$DAYS$') && message.includes('$VIEWS$'))
      .filter(([, { message }]) => message.indexOf('$VIEWS$') < message.indexOf('$DAYS$'))
      .map(([key]) => key);
    expect(viewsFirst).toEqual([]);
  });
});

describe('Swedish in Swedish words', () => {
  it('calls a push "push" (plural "pushar") everywhere, never "delning"', () => {
    const other = Object.entries(sv)
      .filter(([, { message }]) => /delning/i.test(message))
      .map(([key, { message }]) => `${key}: ${message}`);
    expect(other).toEqual([]);
  });

  it('shares and sends rather than "pushar": no verb "pusha" in any form', () => {
    const anglicisms = Object.entries(sv)
      .filter(([, { message }]) => /\bpush(?:a|as|ad|ade|ades|at)\b/i.test(message) || /\bpushar…/i.test(message))
      .map(([key, { message }]) => `${key}: ${message}`);
    expect(anglicisms).toEqual([]);
  });

  it.each(['pushgate', 'share', 'airport'])('and so does the Swedish store listing of the %s package', (pkg) => {
    const listing = ['description.txt', 'single-purpose.txt', 'permissions.json']
      .map((file) => readFileSync(resolve(__dirname, `../../store/listings/${pkg}/sv/${file}`), 'utf8'))
      .join('\n');
    expect(listing.match(/\bpush(?:a|as|ad|ade|ades|at)\b/gi) ?? []).toEqual([]);
  });
});
