import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extensionDir, root, type Variant } from './builds';

/**
 * docs/privacy.md ships in every build, and the store builds name no server it does not: the
 * instance and the airport API are settings, so any other address in the code would be a request
 * (or a link) the policy does not tell about.
 */

const policy = readFileSync(path.join(root, 'docs/privacy.md'), 'utf8');

/** Addresses in the built code that are no request to anyone, with why. */
const notServers: Record<string, string> = {
  'http://www.w3.org': 'XML namespaces (SVG, MathML, XHTML) in Preact: names, never fetched',
  'https://pwpush.example': 'the placeholder of the Instance URL field (RFC 2606 name)',
};

/**
 * Servers the policy names, with the words it names them by: the default Airport API URL (contacted
 * only with a subscription key), and a queue's map link (opened only by a click).
 */
const namedInPolicy: Record<string, string> = {
  'https://api.swedavia.se': '`https://api.swedavia.se`',
  'https://www.openstreetmap.org': 'OpenStreetMap',
  // The airports' website feeds (lib/airport/sources/catalog.ts), asked only for an airport the person shows.
  'https://www.swedavia.com': '`https://www.swedavia.com`',
  'https://cphwaitingtime.z6.web.core.windows.net': '`https://cphwaitingtime.z6.web.core.windows.net`',
  'https://avinor.no': '`https://avinor.no`',
  'https://www.schiphol.nl': '`https://www.schiphol.nl`',
  'https://www.frankfurt-airport.com': '`https://www.frankfurt-airport.com`',
  'https://www.passngr.de': '`https://www.passngr.de`',
  'https://www.dus.com': '`https://www.dus.com`',
  'https://www.dublinairport.com': '`https://www.dublinairport.com`',
  'https://blip-api.edinburghairport.com': '`https://blip-api.edinburghairport.com`',
};

function builtCode(variant: Variant): string {
  const dir = extensionDir(variant);
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(js|html)$/.test(file))
    .map((file) => readFileSync(path.join(dir, file), 'utf8'))
    .join('\n');
}

describe.each(['store', 'firefox'] as const)('%s build and docs/privacy.md', (variant) => {
  it('ships the policy as privacy.txt, the same text as docs/privacy.md', () => {
    expect(readFileSync(path.join(extensionDir(variant), 'privacy.txt'), 'utf8')).toBe(policy);
  });

  it('names no server but those the policy names', () => {
    const origins = new Set([...builtCode(variant).matchAll(/https?:\/\/[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g)].map(([url]) => url));
    const unexplained = [...origins].filter((origin) => !(origin in notServers) && !(origin in namedInPolicy));
    expect(unexplained, 'an address in the built code: a request docs/privacy.md must tell about').toEqual([]);
    expect(origins.has('https://api.swedavia.se')).toBe(true);
  });

  it('the policy names each server the code may contact by itself', () => {
    for (const words of Object.values(namedInPolicy)) expect(policy).toContain(words);
  });
});
