export const CHROMIUM_PATH: string;
export function extensionArgs(extensionDir: string): string[];
export function unattendedProfile(prefix: string): string;
