// `npm run lint:firefox`: Mozilla's `web-ext lint` on .output/firefox-mv3, the checks addons.mozilla.org
// runs at upload. Its table of two known warnings looked like a failure; this says it in one line and
// prints in full only what is new. The packaging tests (test/build/firefox-lint.test.ts) check each
// known warning exactly: file, text and count.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const ALLOWANCES = 'test/build/lint-allowances.ts';
const sourceDir = resolve(process.argv[2] ?? '.output/firefox-mv3');

if (!existsSync(resolve(sourceDir, 'manifest.json'))) {
  console.error(`No Firefox build in ${sourceDir}: run \`npm run build:firefox\` first.`);
  process.exit(1);
}

const lint = spawnSync(
  resolve('node_modules/.bin/web-ext'),
  ['lint', '--source-dir', sourceDir, '--output', 'json', '--no-config-discovery'],
  {
    encoding: 'utf8',
    // web-ext otherwise starts a detached update check against the npm registry every few days.
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1' },
  },
);
if (!lint.stdout.trim()) {
  console.error(`web-ext lint gave no report (exit ${lint.status}): ${lint.stderr}`);
  process.exit(1);
}
const report = JSON.parse(lint.stdout);

/** How often each warning code is allowed, read from the allowances file (its `code` and `count` fields). */
function allowedCounts(text) {
  const counts = new Map();
  for (const [, code, count] of text.matchAll(/code:\s*'([A-Z_]+)'[\s\S]*?count:\s*(\d+)/g))
    counts.set(code, (counts.get(code) ?? 0) + Number(count));
  return counts;
}

const allowed = allowedCounts(readFileSync(ALLOWANCES, 'utf8'));
const findings = [...report.warnings, ...report.notices];
const seen = new Map();
for (const finding of findings) seen.set(finding.code, (seen.get(finding.code) ?? 0) + 1);
const unknown = findings.filter((finding) => (seen.get(finding.code) ?? 0) > (allowed.get(finding.code) ?? 0));
const known = findings.length - unknown.length;

const line = (m) => `  ${m.code} in ${m.file ?? '?'}: ${m.message}`;
if (report.errors.length > 0) {
  console.error(`web-ext lint: ${report.errors.length} error(s):`);
  for (const error of report.errors) console.error(line(error));
}
if (unknown.length > 0) {
  console.error(`web-ext lint: ${unknown.length} warning(s) not explained in ${ALLOWANCES}:`);
  for (const finding of unknown) console.error(line(finding));
}
console.log(`web-ext lint: ${report.errors.length} errors, ${known} known warnings, explained in ${ALLOWANCES}.`);
process.exit(report.errors.length > 0 || unknown.length > 0 ? 1 : 0);
