import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { textForPackage } from '../../build/packages.mjs';
import { extensionDir, packageOf, root, storeVariants, type Variant } from './builds';

/**
 * Each package ships its privacy policy, made from docs/privacy.md (build/packages.mjs), and its store
 * builds name no server its policy does not: the instance and the airport API are settings, so any
 * other address in the code would be a request (or a link) the policy does not tell about.
 */

const source = readFileSync(path.join(root, 'docs/privacy.md'), 'utf8');
const NAMES = { pushgate: 'Pushgate', share: 'Pushgate Share', airport: 'Pushgate Airport' };
const policyOf = (variant: Variant) => textForPackage(packageOf(variant), source, NAMES[packageOf(variant).id], 'docs/privacy.md');

/** Addresses in the built code that are no request to anyone, with why. */
const notServers: Record<string, string> = {
  'http://www.w3.org': 'XML namespaces (SVG, MathML, XHTML) in Preact: names, never fetched',
  'https://pwpush.example': 'the placeholder of the Instance URL field (RFC 2606 name)',
  // The first run's choices of instance (components/welcome/hosted.ts): an Instance URL like any other,
  // asked for only once chosen; the policy names them with the first run.
  'https://pwpush.com': 'a first-run choice of instance',
  'https://eu.pwpush.com': 'a first-run choice of instance',
  'https://us.pwpush.com': 'a first-run choice of instance',
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

describe.each(storeVariants)('%s build and its privacy policy', (variant) => {
  const policy = policyOf(variant);
  const shipped = readFileSync(path.join(extensionDir(variant), 'privacy.txt'), 'utf8');

  it('ships its policy as privacy.txt, made from docs/privacy.md, under its own name', () => {
    expect(shipped).toBe(policy);
    expect(shipped.split('\n')[0]).toBe(`# ${NAMES[packageOf(variant).id]} privacy policy`);
    expect(shipped).not.toMatch(/<!--/);
  });

  it('names no server but those its policy names', () => {
    const origins = new Set([...builtCode(variant).matchAll(/https?:\/\/[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g)].map(([url]) => url));
    const unexplained = [...origins].filter(
      (origin) => !(origin in notServers) && !(origin in namedInPolicy && policy.includes(namedInPolicy[origin]!)),
    );
    expect(unexplained, 'an address in the built code: a request its privacy policy must tell about').toEqual([]);
    expect(origins.has('https://api.swedavia.se')).toBe(packageOf(variant).airport);
  });

  it('the policy names each server the code may contact by itself, and only where the package may', () => {
    for (const words of Object.values(namedInPolicy)) expect(policy.includes(words)).toBe(packageOf(variant).airport);
  });
});

describe('what the policies say about the data they name', () => {
  const policy = (variant: Variant) => policyOf(variant);

  it('My flight: the flight number and its date go to the airport API', () => {
    expect(policy('airport')).toMatch(/_My flight_[^.]*the flight number and its date/);
    expect(policy('share')).not.toMatch(/flight/i);
  });

  it('the Share package says nothing of airports, the Airport package nothing of Password Pusher', () => {
    expect(policy('share')).not.toMatch(/airport|side panel|swedavia/i);
    expect(policy('airport')).not.toMatch(/password pusher|\bpush(es|ed)?\b|secret|token|lockdown|receipt/i);
    expect(policy('store')).toMatch(/Password Pusher/);
    expect(policy('store')).toMatch(/airport/);
  });
});
