import { describe, expect, it } from 'vitest';
import type { Wait } from '@/lib/airport/airport-board';
import { readWaitNumber, readWaitText } from '@/lib/airport/wait-text';

const minutes = (n: number): Wait => ({ kind: 'minutes', minutes: n });
const range = (from: number, to: number): Wait => ({ kind: 'range', from, to });
const under = (n: number): Wait => ({ kind: 'under', minutes: n });
const atMost = (n: number): Wait => ({ kind: 'at-most', minutes: n });
const atLeast = (n: number): Wait => ({ kind: 'at-least', minutes: n });

describe('readWaitText: every form a website writes a wait in (docs/airport-sources.md#value-forms)', () => {
  it.each<[string, Wait | null]>([
    // A figure.
    ['12', minutes(12)],
    ['0', minutes(0)],
    ['12 min', minutes(12)],
    ['12 mins', minutes(12)],
    ['12 minutes', minutes(12)],
    ['12min', minutes(12)],
    ['12 Min.', minutes(12)],
    ['12 Minuten', minutes(12)],
    ['  7  ', minutes(7)],
    ['7.4 min', minutes(7)],
    ['7,6 min', minutes(8)],
    // Dublin's "= 5".
    ['= 5', minutes(5)],
    ['=5', minutes(5)],
    ['= 0', minutes(0)],
    ['= 12 min', minutes(12)],
    // About.
    ['approx. 10 min', minutes(10)],
    ['ca. 10 Min.', minutes(10)],
    ['~10 min', minutes(10)],
    ['about 10 minutes', minutes(10)],
    // Other units.
    ['300 s', minutes(5)],
    ['90 sec', minutes(2)],
    ['1 h', minutes(60)],
    // Intervals, in every spelling of the dash.
    ['10-15', range(10, 15)],
    ['10 - 15', range(10, 15)],
    ['10–15 min', range(10, 15)],
    ['10—15 minutes', range(10, 15)],
    ['10 to 15 min', range(10, 15)],
    ['10 bis 15 Min.', range(10, 15)],
    ['10 à 15 min', range(10, 15)],
    ['10 till 15 min', range(10, 15)],
    // An unknown word after the figures is no unit, with or without an umlaut.
    ['10 à 15 stück', null],
    ['10 à 15 minuter', range(10, 15)],
    ['0-5', range(0, 5)],
    ['0-5 min', range(0, 5)],
    ['15-10', range(10, 15)],
    ['5-5 min', minutes(5)],
    ['7.5-10', range(7, 10)],
    // Bounds below.
    ['< 5', under(5)],
    ['<5 min', under(5)],
    ['under 5', under(5)],
    ['Under 5 min', under(5)],
    ['less than 5 minutes', under(5)],
    ['unter 5 Min.', under(5)],
    ['<= 5', atMost(5)],
    ['≤ 5 min', atMost(5)],
    ['up to 10 min', atMost(10)],
    ['max. 10 min', atMost(10)],
    // Bounds above.
    ['> 20 min', atLeast(20)],
    ['>20', atLeast(20)],
    ['>= 20', atLeast(20)],
    ['over 20 min', atLeast(20)],
    ['more than 30 minutes', atLeast(30)],
    ['at least 45 min', atLeast(45)],
    ['At least 45', atLeast(45)],
    ['mindestens 45 Minuten', atLeast(45)],
    ['45+', atLeast(45)],
    ['45+ min', atLeast(45)],
    ['min. 45 min', atLeast(45)],
    ['over 1 hour', atLeast(60)],
    // A negative figure: no queue, never a made-up 0.
    ['-1', under(1)],
    ['= -3', under(1)],
    // No wait at all: words, blanks, other types.
    ['closed', null],
    ['Currently closed', null],
    ['', null],
    ['   ', null],
    ['--', null],
    ['n/a', null],
    ['10 apples', null],
    ['10-', null],
    ['- 5', null],
    ['< ', null],
    ['between 5 and 10', null],
  ])('%j → %j', (text, wait) => {
    expect(readWaitText(text)).toEqual(wait);
  });

  it.each([[12], [null], [undefined], [{ minutes: 5 }], [['5']]])('a %j that is no text is no wait', (value) => {
    expect(readWaitText(value)).toBeNull();
  });
});

describe('readWaitNumber: a figure in the feed’s own unit', () => {
  it.each<[unknown, 'minutes' | 'seconds', Wait | null]>([
    [12, 'minutes', minutes(12)],
    [0, 'minutes', minutes(0)],
    [12.6, 'minutes', minutes(13)],
    ['12', 'minutes', minutes(12)],
    [720, 'seconds', minutes(12)],
    [150, 'seconds', minutes(3)],
    [29, 'seconds', under(1)],
    [0.4, 'minutes', under(1)],
    [0, 'seconds', minutes(0)],
    [-2, 'minutes', under(1)],
    [-60, 'seconds', under(1)],
    ['-2', 'minutes', under(1)],
    [null, 'minutes', null],
    [undefined, 'minutes', null],
    [Number.NaN, 'minutes', null],
    [Number.POSITIVE_INFINITY, 'seconds', null],
    ['12 min', 'minutes', null],
    ['', 'minutes', null],
    [true, 'minutes', null],
  ])('%j in %s → %j', (value, unit, wait) => {
    expect(readWaitNumber(value, unit)).toEqual(wait);
  });
});
