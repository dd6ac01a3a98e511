import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The focus ring: in the accent colour's family, so it reads as "you are here" and
// never as the red outline of a field in error, with at least 3:1 against every background it
// is drawn on (WCAG 1.4.11), in the light and the dark theme.

const css = readFileSync(resolve(__dirname, '../../components/theme.css'), 'utf8');
const darkStart = css.indexOf('@media (prefers-color-scheme: dark)');
const themes = { light: css.slice(0, darkStart), dark: css.slice(darkStart) };

function variable(block: string, name: string): string {
  const match = new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(block);
  if (!match) throw new Error(`--${name} not found`);
  return match[1]!;
}

function channels(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
}

function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

function hue(hex: string): number {
  const [r, g, b] = channels(hex);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

const hueDistance = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

describe.each(Object.entries(themes))('the focus ring in the %s theme', (_, block) => {
  const focus = variable(block, 'focus');

  it.each(['bg', 'surface', 'danger-bg', 'ok-bg', 'warn-bg'])('has at least 3:1 against --%s', (background) => {
    expect(contrast(focus, variable(block, background))).toBeGreaterThanOrEqual(3);
  });

  it('is in the accent colour family, far from the error red', () => {
    expect(hueDistance(hue(focus), hue(variable(block, 'accent')))).toBeLessThanOrEqual(20);
    expect(hueDistance(hue(focus), hue(variable(block, 'danger')))).toBeGreaterThanOrEqual(90);
  });
});
