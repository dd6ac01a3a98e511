// Median, min and max of repeated runs.

/** Summary of `samples` (numbers; booleans count as 1 and 0). */
export function summarize(samples) {
  const values = samples.map(Number).sort((a, b) => a - b);
  if (values.length === 0) return { n: 0, median: NaN, min: NaN, max: NaN };
  const middle = Math.floor(values.length / 2);
  const median = values.length % 2 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
  return { n: values.length, median, min: values[0], max: values.at(-1) };
}

/** Pairs two sample lists of one interleaved run: `f(a[i], b[i])` for each i. */
export function paired(a, b, f) {
  if (a.length !== b.length) throw new Error('paired samples differ in length');
  return a.map((value, i) => f(value, b[i]));
}

/** Calls `f(item, i)` for each item in an order rotated by `round`, so no kind always goes first. */
export async function inRotatedOrder(items, round, f) {
  const shift = round % items.length;
  for (const item of [...items.slice(shift), ...items.slice(0, shift)]) await f(item);
}
