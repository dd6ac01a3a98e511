import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readManifest, root, variants, type Variant } from './builds';

/** The version is written once, in package.json (`npm version` keeps package-lock.json in step); WXT copies it into every manifest. */

const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const { version } = JSON.parse(read('package.json')) as { version: string };

describe('one version, from package.json', () => {
  it.each(Object.keys(variants) as Variant[])('the %s build carries it', (variant) => {
    expect(readManifest(variant).version).toBe(version);
  });

  it('package-lock.json agrees', () => {
    const lock = JSON.parse(read('package-lock.json')) as { version: string; packages: Record<string, { version?: string }> };
    expect(lock.version).toBe(version);
    expect(lock.packages['']?.version).toBe(version);
  });

  it('no other file of the extension states a version', () => {
    expect(read('wxt.config.ts')).not.toMatch(/\bversion\s*:/);
  });

  it('CHANGELOG.md says what it brings, newest first', () => {
    const sections = [...read('CHANGELOG.md').matchAll(/^## (\d+\.\d+\.\d+)\b/gm)].map(([, number]) => number);
    expect(sections[0]).toBe(version);
  });
});
