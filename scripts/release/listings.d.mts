export interface Limit {
  min?: number;
  max?: number;
}
export interface Limits {
  summary: Limit;
  description: Limit;
  singlePurpose: Limit;
  permissionJustification: Limit;
  name: Limit;
  images: {
    screenshots: { min: number; max: number; width: number; height: number };
    promoTile: { width: number; height: number };
  };
}
import type { PackageSpec } from '../../build/packages.mjs';

export interface Listing {
  pkg: string;
  lang: string;
  name: string | null;
  summary: string | null;
  description: string | null;
  singlePurpose: string | null;
  permissions: Record<string, string> | null;
  problems: string[];
}
export function length(text: string): number;
export function readLimits(root: string): Limits;
export function listingLanguages(root: string, spec: PackageSpec): string[];
export function readListing(root: string, spec: PackageSpec, lang: string): Listing;
export function checkListing(listing: Listing, limits: Limits, permissionNames: string[]): string[];
export interface BuiltManifest {
  version?: unknown;
  permissions?: string[];
  optional_permissions?: string[];
  host_permissions?: string[];
  optional_host_permissions?: string[];
}
export function permissionNames(manifests: BuiltManifest[]): string[];
