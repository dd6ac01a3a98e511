// The store images: screenshots and the promotional tile per package and language, made by the e2e suite
// from the real extension (store/images/<package>/<lang>/; `npm run screenshots:store`), held to the
// sizes the stores take.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Width and height of a PNG, read from its IHDR chunk; null when the file is no PNG. */
export function pngSize(file) {
  const bytes = readFileSync(file);
  const signature = '89504e470d0a1a0a';
  if (bytes.length < 24 || bytes.subarray(0, 8).toString('hex') !== signature) return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * The images of one language and what is wrong with them: at least one screenshot at 1280×800
 * (Chrome, Edge; AMO takes any), at most 5 (Chrome's limit), and the 440×280 small promotional tile
 * (Chrome requires it, Edge takes it). Names: `screenshot-<n>.png`, `promo-440x280.png`.
 */
export function checkImages(root, spec, lang, imageRules) {
  const where = `store/images/${spec.id}/${lang}`;
  const dir = path.join(root, where);
  const problems = [];
  const files = existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.endsWith('.png'))
        .sort()
    : [];
  const screenshots = files.filter((name) => /^screenshot-\d+\.png$/.test(name));
  const tile = files.find((name) => name === 'promo-440x280.png');
  if (screenshots.length < imageRules.screenshots.min) {
    problems.push(`${where}: no screenshot (screenshot-1.png, ${imageRules.screenshots.width}×${imageRules.screenshots.height})`);
  }
  if (screenshots.length > imageRules.screenshots.max) {
    problems.push(`${where}: ${screenshots.length} screenshots, over ${imageRules.screenshots.max}`);
  }
  const sized = (name, { width, height }) => {
    const size = pngSize(path.join(dir, name));
    if (!size) problems.push(`${where}/${name} is not a PNG`);
    else if (size.width !== width || size.height !== height) {
      problems.push(`${where}/${name} is ${size.width}×${size.height}, not ${width}×${height}`);
    }
  };
  for (const name of screenshots) sized(name, imageRules.screenshots);
  if (tile) sized(tile, imageRules.promoTile);
  else problems.push(`${where}: no promo-440x280.png (small promotional tile)`);
  return { files: files.map((name) => path.join(dir, name)), problems };
}
