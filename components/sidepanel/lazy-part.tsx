import type { FunctionComponent } from 'preact';
import { useEffect, useState } from 'preact/hooks';

export type LazyPart<P> = FunctionComponent<P> & { preload: () => Promise<unknown> };

/**
 * A component whose code is fetched when it is first shown (or preloaded), not before the panel's
 * first paint (bench/results.md, "Side panel saved wait times"): nothing until it has arrived,
 * then the component itself. A failed fetch is tried again at the next render.
 */
export function lazyPart<P extends object>(load: () => Promise<FunctionComponent<P>>): LazyPart<P> {
  let loaded: FunctionComponent<P> | null = null;
  let loading: Promise<unknown> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      () => (loading = null),
    ));
  function Lazy(props: P) {
    const [, setArrived] = useState(loaded !== null);
    useEffect(() => {
      let alive = true;
      if (!loaded) void preload().then(() => alive && loaded && setArrived(true));
      return () => {
        alive = false;
      };
    });
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : null;
  }
  return Object.assign(Lazy, { preload });
}
