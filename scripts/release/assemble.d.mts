import type { BuiltManifest } from './listings.mjs';

export function assembleRelease(options: {
  root: string;
  outDir: string;
  version: string;
  archives: { chrome: string; firefox: string; sources: string };
  manifests: Record<string, BuiltManifest>;
}): { problems: string[]; written: string[] };
