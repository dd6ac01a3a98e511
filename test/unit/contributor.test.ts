import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenshotDir } from '../e2e/support/screenshots';

// What a contributor meets first: the README's prerequisites and scripts, a test run
// that leaves the work tree clean, and `npm start` on a machine without Chromium.

const ROOT = resolve(__dirname, '../..');
const README = readFileSync(resolve(ROOT, 'README.md'), 'utf8');
const pkg = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  engines?: { node?: string };
};

describe('the README', () => {
  it('gives the prerequisites before the two commands: the Node version package.json declares, Chromium and Firefox ESR', () => {
    const prerequisites = README.indexOf('## Prerequisites');
    const commands = README.indexOf('npm ci && npm start');
    expect(prerequisites).toBeGreaterThan(-1);
    expect(prerequisites).toBeLessThan(commands);
    const section = README.slice(prerequisites, README.indexOf('## Two commands'));
    const minimum = pkg.engines?.node?.replace(/^>=/, '');
    expect(minimum).toMatch(/^\d+\.\d+$/);
    expect(section).toContain(`Node.js ${minimum} or later`);
    // WXT declares Node 22: the README says why an older Node is kept.
    expect(section).toMatch(/WXT 0\.21 declares Node 22/);
    expect(section).toMatch(/chromium firefox-esr/);
  });

  it('lists every script of package.json', () => {
    const listed = (name: string) =>
      name === 'start' || name === 'test' ? README.includes(`\`npm ${name}\``) : README.includes(`\`npm run ${name}\``);
    const missing = Object.keys(pkg.scripts).filter((name) => name !== 'postinstall' && !listed(name));
    expect(missing).toEqual([]);
  });
});

describe('screenshots', () => {
  it('go to an ignored folder in a test run, so `npm test` leaves the work tree clean', () => {
    const dir = relative(ROOT, screenshotDir({}));
    expect(dir).not.toMatch(/^docs/);
    const ignored = spawnSync('git', ['check-ignore', '-q', `${dir}/popup-link-light.png`], { cwd: ROOT });
    expect(ignored.status).toBe(0);
  });

  it('update docs/screenshots/ only through `npm run screenshots`', () => {
    expect(relative(ROOT, screenshotDir({ PUSHGATE_SCREENSHOTS: 'docs' }))).toBe('docs/screenshots');
    expect(pkg.scripts.screenshots).toMatch(
      /^npm run build:test && PUSHGATE_SCREENSHOTS=docs vitest run --config vitest\.e2e\.config\.ts /,
    );
    expect(pkg.scripts.test).not.toContain('PUSHGATE_SCREENSHOTS');
  });
});

describe('npm start without Chromium', () => {
  it('says what to install before it builds or starts anything, without a stack trace', () => {
    const run = spawnSync(process.execPath, ['scripts/start.mjs'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium' },
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('apt-get install -y --no-install-recommends chromium');
    expect(run.stderr).toContain('CHROMIUM_PATH');
    expect(run.stderr).not.toMatch(/^\s+at /m);
    // Nothing built, no server started.
    expect(run.stdout).toBe('');
  }, 30_000);
});

describe('npm test without a browser', () => {
  it.each([
    ['Chromium', { CHROMIUM_PATH: '/nonexistent/chromium' }, 'chromium', /Firefox ESR/],
    ['Firefox ESR', { FIREFOX_PATH: '/nonexistent/firefox-esr' }, 'firefox-esr', /Chromium/],
  ])(
    'without %s says what to install before any test runs',
    (name, env, pkgName, notMissing) => {
      const run = spawnSync(process.execPath, ['scripts/test.mjs'], {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, ...env },
        timeout: 20_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`npm test needs ${name}`);
      expect(run.stderr).toContain(`apt-get install -y --no-install-recommends ${pkgName}`);
      expect(run.stderr).not.toMatch(notMissing);
      expect(run.stderr).toContain('Nothing was run.');
      expect(run.stdout).toBe('');
    },
    30_000,
  );
});
