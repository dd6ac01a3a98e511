export const CHROME_DATA_TYPES: Record<string, string>;
export function chromeDataTypes(mozillaTypes: string[]): string[];
