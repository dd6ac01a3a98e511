// @vitest-environment node
// XML answers of both operations and the content negotiation.
import { describe, expect, it } from 'vitest';
import { INFO_KEY, KEY, useAirportServer } from './harness';
import { escapeXml } from './xml.mjs';

const { server, get } = useAirportServer({ versions: ['v1', 'v2'] });

describe('XML', () => {
  const xml = { 'Ocp-Apim-Subscription-Key': KEY, Accept: 'application/xml' };

  it('answers wait times in XML in both versions', async () => {
    const v1 = await get('/waittimepublic/v1/airports/BMA', xml);
    expect(v1.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const v1Text = await v1.text();
    expect(v1Text).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<PlaceWaitTime [^>]*><places><Place><id>1<\/id>/);
    expect(v1Text).toContain('<terminal xsi:nil="true" />');
    expect(v1Text).toContain('<currentTime>2026-09-29T13:27:04Z</currentTime>');
    expect(v1Text).not.toContain('overflow');

    const v2Text = await (await get('/waittimepublic/v2/airports/ARN', xml)).text();
    expect(v2Text).toContain('<activeMeasurementStations>7</activeMeasurementStations><waitTimes><Place>');
    expect(v2Text.match(/<Place>/g)).toHaveLength(7);
    expect(v2Text).toContain('<isFastTrack>true</isFastTrack><terminal>T2</terminal>');
    expect(v2Text).toContain('<overflow>false</overflow></Place></waitTimes></PlaceWaitTime>');
  });

  it('answers the airport list in XML', async () => {
    const text = await (
      await get('/airportinfo/v2/airports', { ...xml, 'Ocp-Apim-Subscription-Key': INFO_KEY, Accept: 'text/xml' })
    ).text();
    expect(text).toMatch(/<AirportArray [^>]*><Airport><iata>ARN<\/iata><name>Stockholm Arlanda<\/name>/);
    expect(text.match(/<Airport>/g)).toHaveLength(10);
  });

  it('escapes text from test data', async () => {
    server().setWaitTimes('ARN', [{ id: 1, queueName: 'A & <B> "C"', terminal: null }]);
    const text = await (await get('/waittimepublic/v2/airports/ARN', xml)).text();
    expect(text).toContain('<queueName>A &amp; &lt;B&gt; &quot;C&quot;</queueName>');
  });

  it('drops exactly the characters XML 1.0 cannot carry: C0 controls but tab, LF and CR, and U+FFFE, U+FFFF', () => {
    const dropped: number[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      if (escapeXml(String.fromCharCode(code)) === '') dropped.push(code);
    }
    const c0 = Array.from({ length: 0x20 }, (_, code) => code).filter((code) => code !== 0x09 && code !== 0x0a && code !== 0x0d);
    expect(dropped).toEqual([...c0, 0xfffe, 0xffff]);
    // DEL (U+007F) is allowed in XML 1.0 and stays.
    expect(escapeXml('a\tb\nc\rd\u0000e\u001ff\u007fg')).toBe('a\tb\nc\rdef\u007fg');
  });

  it('weighs Accept q-values, answers JSON for */*, and always XML with forceXml', async () => {
    const preferJson = await get('/airportinfo/v2/airports', {
      ...xml,
      'Ocp-Apim-Subscription-Key': INFO_KEY,
      Accept: 'application/xml;q=0.5, application/json',
    });
    expect(preferJson.headers.get('content-type')).toMatch(/^application\/json/);
    const any = await get('/airportinfo/v2/airports', { ...xml, 'Ocp-Apim-Subscription-Key': INFO_KEY, Accept: '*/*' });
    expect(any.headers.get('content-type')).toMatch(/^application\/json/);

    server().setOptions({ forceXml: true });
    const forced = await get('/waittimepublic/v2/airports/GOT');
    expect(forced.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(await forced.text()).toContain('<queueName>Security Landvetter FastTrack</queueName>');
  });

  it('keeps errors in JSON when XML is asked for', async () => {
    const response = await get('/waittimepublic/v2/airports/MMX', xml);
    expect(response.status).toBe(400);
    expect(await response.json()).toBe('Airport MMX not supported');
  });
});
