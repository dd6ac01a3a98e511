import { useEffect, useRef } from 'preact/hooks';

/**
 * A ref whose element takes the focus when it appears. Preact only sets the `autofocus`
 * attribute, and browsers honour that once per page load: a view shown later must focus itself.
 * The result is the ref itself, the same object on every render (biome.json tells the hooks rule so).
 */
export function useFocusOnMount<T extends HTMLElement>(enabled = true) {
  const ref = useRef<T>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focuses once, when the element appears: `enabled` is read from that first render, and a later change must not move the focus
  useEffect(() => {
    if (enabled) ref.current?.focus();
  }, []);
  return ref;
}
