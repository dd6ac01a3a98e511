import { useEffect, useRef } from 'preact/hooks';

/**
 * A ref whose element takes the focus when it appears. Preact only sets the `autofocus`
 * attribute, and browsers honour that once per page load: a view shown later must focus itself.
 */
export function useFocusOnMount<T extends HTMLElement>(enabled = true) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (enabled) ref.current?.focus();
  }, []);
  return ref;
}
