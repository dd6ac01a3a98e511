import { browser } from 'wxt/browser';
import { originPattern } from '@/lib/browser/permissions';

/**
 * Whether the extension may reach `baseUrl`. The store build holds no host at install (the
 * options page asks for it); without access every request would fail like a lost connection.
 * True when the browser cannot tell: then the request itself shows what is wrong.
 */
export async function hasHostAccess(baseUrl: string): Promise<boolean> {
  try {
    return await browser.permissions.contains({ origins: [originPattern(baseUrl)] });
  } catch {
    return true;
  }
}
