// Types of the airport server's XML writer (xml.mjs), for TypeScript tests.

/** `text` as XML character data: the characters XML 1.0 cannot carry dropped, the markup characters escaped. */
export function escapeXml(text: string): string;
