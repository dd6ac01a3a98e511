import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { buildEnv, outBase, root, variants, type Variant } from './builds';

// Each build runs in its own Node process: wxt.config.ts reads PUSHGATE_PACKAGE and PUSHGATE_TEST_HOSTS
// when it is loaded, and a config module loaded once in this process would keep the first value.
const buildScript = `
const wxt = await import('wxt');
const { BROWSER, OUT_DIR, ZIP } = process.env;
const config = { browser: BROWSER, manifestVersion: 3, outDir: OUT_DIR };
await (ZIP === '1' ? wxt.zip(config) : wxt.build(config));
`;

function buildVariant(variant: Variant): void {
  const { package: id, browser, testHosts, zip } = variants[variant];
  const outDir = outBase(variant);
  rmSync(outDir, { recursive: true, force: true });
  const started = Date.now();
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', buildScript], {
    cwd: root,
    encoding: 'utf8',
    env: buildEnv({
      BROWSER: browser,
      OUT_DIR: outDir,
      ZIP: zip ? '1' : '0',
      PUSHGATE_PACKAGE: id,
      PUSHGATE_TEST_HOSTS: testHosts ? '1' : '',
    }),
  });
  if (result.status !== 0) {
    throw new Error(`The ${variant} build failed:\n${result.stdout}\n${result.stderr}`);
  }
  console.log(`${variant} build (${id}, ${browser}${zip ? ', zipped' : ''}) in ${Date.now() - started} ms`);
}

/** Builds every variant once, one after another (the machines have two cores), before any test file runs. */
export default function setup(): void {
  for (const variant of Object.keys(variants) as Variant[]) buildVariant(variant);
}
