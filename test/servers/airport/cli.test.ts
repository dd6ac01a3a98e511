// @vitest-environment node
// The command-line entry point starts a working server.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { KEY, SECONDARY } from './harness';

describe('cli', () => {
  it('starts, prints the URL and the keys, and serves', async () => {
    const cli = spawn(process.execPath, [fileURLToPath(new URL('./cli.mjs', import.meta.url)), '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let output = '';
      const url = await new Promise<string>((resolve, reject) => {
        cli.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const found = /Valid subscription keys: .*\n/.test(output) && /(http:\/\/127\.0\.0\.1:\d+)/.exec(output);
          if (found) resolve(found[1] as string);
        });
        cli.once('exit', (code) => reject(new Error(`cli exited with ${code}`)));
      });
      expect(output).toContain(`Valid subscription keys: ${KEY}, ${SECONDARY}`);
      const response = await fetch(`${url}/waittimepublic/v2/airports/BMA`, { headers: { 'Ocp-Apim-Subscription-Key': KEY } });
      expect(response.status).toBe(200);
    } finally {
      const exited = new Promise((resolve) => cli.once('exit', resolve));
      cli.kill('SIGTERM');
      await exited;
    }
  });
});
