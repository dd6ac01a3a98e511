// `npm test`: every test, unit to end-to-end, then one closing line "N passed, N failed" that CI reads.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { CHROMIUM_PATH } from '../test/support/chromium.mjs';
import { FIREFOX_PATH } from '../test/support/firefox-path.mjs';

// Before anything runs: without a browser the end-to-end suites would fail one by one, or not run
// at all while the count of failures looked small.
const missing = [
  ['Chromium', CHROMIUM_PATH, 'CHROMIUM_PATH', 'chromium'],
  ['Firefox ESR', FIREFOX_PATH, 'FIREFOX_PATH', 'firefox-esr'],
].filter(([, path]) => !existsSync(path));
if (missing.length) {
  for (const [name, path, variable] of missing) {
    console.error(`npm test needs ${name} for its end-to-end tests, and there is none at ${path} (or set ${variable}).`);
  }
  const packages = missing.map(([, , , pkg]) => pkg).join(' ');
  console.error(`Install Debian's: apt-get install -y --no-install-recommends ${packages}`);
  console.error('Nothing was run.');
  process.exit(1);
}

const results = '.results';
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const run = (title, command, args, env = {}) => {
  console.log(`\n── ${title} ──`);
  const { status } = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return status === 0;
};

const vitest = (config, name) => [
  'vitest',
  'run',
  '--config',
  config,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${results}/${name}.json`,
];

const steps = [];
steps.push(['types', run('Type check', 'npm', ['run', '--silent', 'compile'])]);
steps.push(['lint', run('Format and lint (Biome)', 'npm', ['run', '--silent', 'lint'])]);
steps.push(['unit', run('Unit, component and reference-server tests', 'npx', vitest('vitest.config.ts', 'unit'))]);
const built = run('Test build (loopback hosts granted at install)', 'npm', ['run', '--silent', 'build:test']);
steps.push(['build', built]);
if (built) steps.push(['e2e', run('End-to-end tests in Chromium', 'npx', vitest('vitest.e2e.config.ts', 'e2e'))]);
// The Firefox suite runs the test build; the store build below then takes its folder for the lint.
const firefoxTestBuilt = run('Firefox MV3 test build (loopback hosts granted at install)', 'npm', [
  'run',
  '--silent',
  'build:test:firefox',
]);
steps.push(['firefox-test-build', firefoxTestBuilt]);
if (firefoxTestBuilt) {
  steps.push(['firefox', run('End-to-end tests in Firefox', 'npx', vitest('test/firefox/vitest.config.ts', 'firefox'))]);
}
const firefoxBuilt = run('Firefox MV3 build', 'npm', ['run', '--silent', 'build:firefox']);
steps.push(['firefox-build', firefoxBuilt]);
// One line for the known warnings (explained in test/build/lint-allowances.ts); it fails on an error
// or a new warning, and the packaging tests check each known one exactly.
if (firefoxBuilt) {
  steps.push(['firefox-lint', run('Firefox lint (web-ext)', 'npm', ['run', '--silent', 'lint:firefox'])]);
}
const packaging = vitest('test/build/vitest.config.ts', 'packaging');
steps.push(['packaging', run('Manifests, permissions and store archives', 'npx', packaging)]);

let passed = 0;
let failed = 0;
// CI keeps only the head and tail of this output, so the failing tests are named again here, last.
const failures = [];
const flaky = [];
for (const name of ['unit', 'e2e', 'firefox', 'packaging']) {
  const file = `${results}/${name}.json`;
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  for (const suite of report.testResults ?? []) {
    for (const test of suite.assertionResults ?? []) {
      const firstLine = String(test.failureMessages?.[0] ?? '')
        .split('\n')[0]
        .slice(0, 300);
      const line = `${name}: ${suite.name.replace(`${process.cwd()}/`, '')} › ${test.fullName}\n    ${firstLine}`;
      // Passed, with a failure on record: it passed on its second try (the e2e suites retry in CI).
      if (test.status === 'failed') failures.push(line);
      else if (test.status === 'passed' && test.failureMessages?.length) flaky.push(line);
    }
  }
}
// A step that fails outside any test (type errors, a broken build, a suite that cannot load) counts once.
const brokenSteps = steps.filter(([, ok]) => !ok).map(([name]) => name);
for (const name of brokenSteps) {
  const file = `${results}/${name}.json`;
  const report = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  if (!report || report.numFailedTests === 0) failed += 1;
}
if (flaky.length) console.log(`\nPassed only on a second try (flaky, to be fixed):\n${flaky.map((line) => `  ${line}`).join('\n')}`);
if (failures.length) console.log(`\nFailed tests:\n${failures.map((line) => `  ${line}`).join('\n')}`);
if (brokenSteps.length) console.log(`\nFailed steps: ${brokenSteps.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(brokenSteps.length ? 1 : 0);
