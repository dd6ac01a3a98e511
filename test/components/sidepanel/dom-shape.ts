/**
 * An element tree as text: tags, attributes sorted by name, form values, text; empty text nodes
 * (Preact keeps some for `{'' && …}`) left out, as they show nothing. For comparing the side
 * panel's plain-DOM first paint with the live panel's DOM.
 */
export function domShape(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ? JSON.stringify(node.textContent) : '';
  if (!(node instanceof Element)) return '';
  const attributes = [...node.attributes].map((a) => `${a.name}=${JSON.stringify(a.value)}`).sort();
  if (node instanceof HTMLInputElement) attributes.push(`.value=${JSON.stringify(node.value)}`);
  const children = [...node.childNodes].map(domShape).filter(Boolean);
  return `<${node.localName} ${attributes.join(' ')}>${children.join('')}</${node.localName}>`;
}
