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

/**
 * Of `needles`, those some file under `dir` holds (in UTF-8 or UTF-16LE), each with the files: every
 * file is read once, however many needles there are.
 */
export function needlesHeld(dir: string, needles: readonly string[]): Record<string, string[]> {
  const patterns = needles.map((needle) => ({ needle, forms: [Buffer.from(needle, 'utf8'), Buffer.from(needle, 'utf16le')] }));
  const held: Record<string, string[]> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
    } catch {
      continue;
    }
    for (const { needle, forms } of patterns) {
      if (forms.some((form) => bytes.includes(form))) held[needle] = [...(held[needle] ?? []), path.slice(dir.length + 1)];
    }
  }
  return held;
}
