/** A seeded generator (mulberry32): a failure names its seed and repeats. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Pieces of XML syntax, so the random strings reach past the parser's first character. */
const PIECES = [
  '<',
  '>',
  '</',
  '/>',
  '<?xml version="1.0"?>',
  '<!--',
  '-->',
  '<![CDATA[',
  ']]>',
  '<!DOCTYPE',
  '&',
  '&amp;',
  '&#x',
  ';',
  '"',
  "'",
  '=',
  ':',
  'a:',
  'xmlns:a="urn:a"',
  'xsi:nil="true"',
  'PlaceWaitTime',
  'AirportArray',
  'Place',
  'Airport',
  'queueName',
  'iata',
  'string',
  '\uFEFF',
  '\u0000',
];

/**
 * Up to 200 random bytes and pieces of XML for a seed, each also wrapped in a wait-time and an
 * airport-list root, so some of them get past the root element.
 */
export function fuzzXml(seed: number): string[] {
  const next = random(seed);
  let text = '';
  const length = Math.floor(next() * 200);
  for (let i = 0; i < length; i++) {
    text += next() < 0.5 ? PIECES[Math.floor(next() * PIECES.length)] : String.fromCharCode(Math.floor(next() * 256));
  }
  return [text, `<PlaceWaitTime>${text}</PlaceWaitTime>`, `<AirportArray><Airport>${text}</Airport></AirportArray>`];
}
