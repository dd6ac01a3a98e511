// The airport XML readers in Chromium's own DOMParser, for what happy-dom (the unit tests'
// DOM) parses differently: CDATA, DOCTYPE entities, deep nesting, prefixed attributes.
import { resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_PATH } from '../support/chromium.mjs';
import { fuzzXml } from '../support/xml-fuzz';

type Readers = typeof import('./support/airport-xml-entry');
type Answer = ReturnType<Readers['parseWaitTimesXml']> | ReturnType<Readers['parseAirportsXml']> | string | undefined | null;

const ROOT = resolve(__dirname, '../..');

/** parse.ts and errors.ts as one script that sets `window.airportXml`. */
async function bundle(): Promise<string> {
  const result = await build({
    configFile: false,
    root: ROOT,
    logLevel: 'silent',
    resolve: { alias: { '@': ROOT } },
    build: {
      write: false,
      minify: false,
      lib: { entry: resolve(__dirname, 'support/airport-xml-entry.ts'), formats: ['iife'], name: 'airportXml' },
    },
  });
  const [output] = Array.isArray(result) ? result : [result];
  const chunk = (output as { output: Array<{ type: string; code?: string }> }).output.find((file) => file.type === 'chunk');
  if (!chunk?.code) throw new Error('no bundle');
  return chunk.code;
}

const PLACE =
  '<Place><id>7</id><queueName>Security Last</queueName><currentTime>2026-09-29T13:27:04Z</currentTime>' +
  '<currentProjectedWaitTime>3</currentProjectedWaitTime><isFastTrack>false</isFastTrack><terminal>T5</terminal>' +
  '<latitude>59.6</latitude><longitude>17.9</longitude></Place>';

describe('airport XML in Chromium', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    const code = await bundle();
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: process.getuid?.() === 0 ? ['--no-sandbox'] : [],
    });
    page = await browser.newPage();
    await page.addScriptTag({ content: code });
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** Runs one reader on a text in the page. */
  const read = (reader: 'waits' | 'airports' | 'message', text: string): Promise<Answer> =>
    page.evaluate(
      ([reader, text]) => {
        const xml = (window as unknown as { airportXml: Readers }).airportXml;
        if (reader === 'waits') return xml.parseWaitTimesXml(text);
        if (reader === 'airports') return xml.parseAirportsXml(text);
        return xml.toAirportError({ kind: 'bad-request', status: 400, serverMessage: text }, 1).serverMessage;
      },
      [reader, text] as const,
    );

  it('reads CDATA, comments, namespace prefixes and a prefixed xsi:nil', async () => {
    const text = `<?xml version="1.0" encoding="utf-8"?>
<a:PlaceWaitTime xmlns:a="urn:x" xmlns:i="urn:i"><!-- a comment --><a:places><a:Place><a:id>1</a:id>
<a:queueName><![CDATA[Security Bromma & Co]]></a:queueName><a:currentTime>2026-09-29T13:42:04</a:currentTime>
<a:currentProjectedWaitTime>0</a:currentProjectedWaitTime><a:isFastTrack>False</a:isFastTrack><a:terminal i:nil="true">T1</a:terminal>
<a:latitude>59.35553</a:latitude><a:longitude>17.94556</a:longitude></a:Place></a:places></a:PlaceWaitTime>`;
    expect(await read('waits', text)).toEqual({
      queues: [expect.objectContaining({ id: 1, name: 'Security Bromma & Co', terminal: null, measuredAt: '2026-09-29T13:42:04Z' })],
      measuredAt: '2026-09-29T13:42:04Z',
      activeStations: null,
    });
    expect(await read('message', '<string xmlns="urn:x"><![CDATA[Airport MMX not supported]]></string>')).toBe('Airport MMX not supported');
  });

  it('refuses a DOCTYPE, whose entities Chromium would expand', async () => {
    const doctype = '<!DOCTYPE x [<!ENTITY boom "BOOM">]>';
    const airports = `${doctype}<AirportArray><Airport><iata>ARN</iata><name>&boom;</name></Airport></AirportArray>`;
    // Why: Chromium's DOMParser puts the declared text in place of `&boom;`.
    expect(
      await page.evaluate((text) => new DOMParser().parseFromString(text, 'application/xml').querySelector('name')?.textContent, airports),
    ).toBe('BOOM');
    expect(await read('airports', airports)).toBeNull();
    const laughs = `<!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>`;
    expect(await read('waits', `${laughs}<PlaceWaitTime><places /></PlaceWaitTime>`)).toBeNull();
    const message = `${doctype}<string>&boom;</string>`;
    expect(await read('message', message)).toBe(message);
  });

  it.each([
    ['truncated', '<PlaceWaitTime><places><Place><id>1</id>'],
    ['crossed tags', '<PlaceWaitTime><places></PlaceWaitTime></places>'],
    ['two roots', '<PlaceWaitTime/><PlaceWaitTime/>'],
    ['an undeclared entity', '<PlaceWaitTime><places>&nbsp;</places></PlaceWaitTime>'],
    ['text before the root', 'oops<PlaceWaitTime><places /></PlaceWaitTime>'],
  ])('reads %s as malformed', async (_, text) => {
    expect(await read('waits', text)).toBeNull();
  });

  it('reads 200,000 sibling entries, and nesting 100,000 deep as malformed', async () => {
    const wide = `<PlaceWaitTime><waitTimes>${'<Place><gate>F</gate></Place>'.repeat(200_000)}${PLACE}</waitTimes></PlaceWaitTime>`;
    expect(((await read('waits', wide)) as { queues: unknown[] } | null)?.queues).toEqual([expect.objectContaining({ id: 7 })]);
    const deep = (inner: string) => '<a>'.repeat(100_000) + inner + '</a>'.repeat(100_000);
    expect(await read('waits', `<PlaceWaitTime>${deep(PLACE)}</PlaceWaitTime>`)).toBeNull();
    const message = `<string>${deep('Airport MMX not supported')}</string>`;
    expect(await read('message', message)).toBe(message);
  });

  it('never throws on random input', async () => {
    const inputs = Array.from({ length: 500 }, (_, i) => fuzzXml(i + 1)).flat();
    const thrown = await page.evaluate((inputs) => {
      const xml = (window as unknown as { airportXml: Readers }).airportXml;
      return inputs.flatMap((input) => {
        try {
          xml.parseWaitTimesXml(input);
          xml.parseAirportsXml(input);
          xml.toAirportError({ kind: 'bad-request', status: 400, serverMessage: `<${input}` }, 1);
          return [];
        } catch (error) {
          return [`${JSON.stringify(input)}: ${String(error)}`];
        }
      });
    }, inputs);
    expect(thrown).toEqual([]);
  });
});
