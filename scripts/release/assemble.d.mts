import type { PackageSpec } from '../../build/packages.mjs';
import type { BuiltManifest } from './listings.mjs';

export interface BuiltPackage {
  spec: PackageSpec;
  archives: { chrome: string; firefox: string; sources: string };
  manifests: Record<string, BuiltManifest>;
}

export function assembleRelease(options: { root: string; outDir: string; version: string; packages: BuiltPackage[] }): {
  problems: string[];
  written: string[];
};
