import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every regular file under `dir` that holds `needle` in UTF-8 or UTF-16LE, as paths relative to `dir`. */
export function filesHolding(dir: string, needle: string): string[] {
  const patterns = [Buffer.from(needle, 'utf8'), Buffer.from(needle, 'utf16le')];
  const hits: string[] = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
    } catch {
      continue;
    }
    if (patterns.some((pattern) => bytes.includes(pattern))) hits.push(path.slice(dir.length + 1));
  }
  return hits;
}
