import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { extensionDir, root } from './builds';
import { lintAllowances } from './lint-allowances';

interface LintMessage {
  code: string;
  message: string;
  description: string | string[];
  file?: string;
}

interface LintReport {
  errors: LintMessage[];
  warnings: LintMessage[];
  notices: LintMessage[];
}

/** `web-ext lint` as addons.mozilla.org runs it at upload (not `--self-hosted`), as JSON. */
function lint(dir: string): LintReport {
  const result = spawnSync(
    path.join(root, 'node_modules', '.bin', 'web-ext'),
    ['lint', '--source-dir', dir, '--output', 'json', '--no-config-discovery'],
    // web-ext otherwise starts a detached update check against the npm registry every few days.
    { cwd: root, encoding: 'utf8', env: { ...process.env, NO_UPDATE_NOTIFIER: '1' } },
  );
  if (!result.stdout.trim()) throw new Error(`web-ext lint gave no report (exit ${result.status}): ${result.stderr}`);
  return JSON.parse(result.stdout) as LintReport;
}

const describeText = (m: LintMessage) => `${m.code} in ${m.file ?? '?'}: ${m.message}`;

describe('web-ext lint on the Firefox build', () => {
  let report: LintReport;

  beforeAll(() => {
    report = lint(extensionDir('firefox'));
  });

  it('finds no errors', () => {
    expect(report.errors.map(describeText)).toEqual([]);
  });

  it('finds only the warnings and notices explained in test/build/lint-allowances.ts, each as often as listed', () => {
    const findings = [...report.warnings, ...report.notices];
    const matches = (m: LintMessage) =>
      lintAllowances.find(
        (allowance) =>
          allowance.code === m.code &&
          allowance.file.test(m.file ?? '') &&
          allowance.text.test(`${m.message} ${[m.description].flat().join(' ')}`),
      );
    expect(findings.filter((m) => !matches(m)).map(describeText), 'unexplained findings').toEqual([]);
    for (const allowance of lintAllowances) {
      const seen = findings.filter((m) => matches(m) === allowance).length;
      expect(seen, `${allowance.code} (${allowance.file}) count`).toBe(allowance.count);
    }
  });

  it('`npm run lint:firefox` reports the known warnings in one line, not as a table that looks like a failure', () => {
    const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'lint-firefox.mjs'), extensionDir('firefox')], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
    const count = lintAllowances.reduce((sum, allowance) => sum + allowance.count, 0);
    expect(result.stdout).toBe(`web-ext lint: 0 errors, ${count} known warnings, explained in test/build/lint-allowances.ts.\n`);
  });

  it('flags innerHTML only inside Preact, and no Pushgate source hands Preact raw HTML', () => {
    const flagged = report.warnings.filter((m) => m.code === 'UNSAFE_VAR_ASSIGNMENT');
    for (const { file } of flagged) {
      expect(readFileSync(path.join(extensionDir('firefox'), file!), 'utf8')).toContain('dangerouslySetInnerHTML');
    }
    const sources = ['entrypoints', 'components', 'lib'].flatMap((dir) =>
      readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.tsx?$/.test(file))
        .map((file) => path.join(root, dir, file)),
    );
    expect(sources.length).toBeGreaterThan(20);
    const rawHtml = /dangerouslySetInnerHTML|\.innerHTML\s*=/;
    expect(sources.filter((file) => rawHtml.test(readFileSync(file, 'utf8')))).toEqual([]);
  });
});
