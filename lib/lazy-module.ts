/** A module loaded on demand with `import()`, once, and readable synchronously once it is there. */
export interface LazyModule<T> {
  /** Starts the load (once) and resolves the module; a failed load is tried again on the next call. */
  load(): Promise<T>;
  /** The module when it has loaded, else undefined: lets a click use it in the same task. */
  loaded(): T | undefined;
}

/**
 * Wraps a function that returns a dynamic import (the bundler makes a chunk of each such
 * import) so every caller shares one load and can start work synchronously once it is done.
 */
export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let pending: Promise<T> | null = null;
  let module: T | undefined;
  return {
    load() {
      pending ??= importer().then(
        (loaded) => (module = loaded),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => module,
  };
}
