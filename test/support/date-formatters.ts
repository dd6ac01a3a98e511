import { vi } from 'vitest';

/**
 * `Intl.DateTimeFormat`, counting the formatters made: the first one a page makes can cost 10 ms
 * (docs/performance.md, rule 10). A plain spy would hand out objects that cannot format.
 */
export function countDateFormatters() {
  const Real = Intl.DateTimeFormat;
  // biome-ignore lint/complexity/useArrowFunction: called with `new`, which an arrow function cannot be
  return vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (...args: ConstructorParameters<typeof Real>) {
    return new Real(...args);
  } as unknown as typeof Real);
}
