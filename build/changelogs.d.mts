import type { Plugin } from 'vite';
import type { PackageSpec } from './packages.mjs';

export function changelogFile(lang: string): string;
export function changelogForPackage(spec: PackageSpec, markdown: string, file: string, root?: string): string;
export function changelogOutline(markdown: string): Map<string, number>;
export function versionsWithNews(spec: PackageSpec, root?: string): string[];
export function packageChangelogs(spec: PackageSpec, root?: string): Plugin;
export function changelogProblems(version: string, root?: string): string[];
