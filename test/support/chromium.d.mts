export const CHROMIUM_PATH: string;
export function extensionArgs(extensionDir: string): string[];
