import { use, type ComponentType, type ReactElement } from 'react';

/** A component whose code is its own chunk: fetched on first use, or earlier through `preload`. */
export interface LazyComponent<Props extends object> {
  (props: Props): ReactElement;
  /** Starts fetching the chunk (once); resolves when the component renders without suspending. */
  preload(): Promise<unknown>;
}

/**
 * Like React.lazy, but a component whose chunk is already here renders at once instead of
 * suspending for a tick: the first open awaits its page's chunk before the first render, so no
 * Suspense fallback is shown (React holds content back up to 300 ms after a fallback). A chunk
 * that failed to load stays failed, as with React.lazy: rendering throws its error (the route
 * shows it, with Reload).
 */
/** Every lazy component made so far, for preloadEveryLazyComponent. */
const made: LazyComponent<never>[] = [];

export function lazyComponent<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): LazyComponent<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () => {
    loading ??= load().then((component) => (loaded = component));
    return loading;
  };
  function Lazy(props: Props) {
    const Component = loaded ?? use(preload());
    return <Component {...props} />;
  }
  const lazy = Object.assign(Lazy, { preload });
  made.push(lazy as LazyComponent<never>);
  return lazy;
}

/**
 * Loads every lazy component's chunk, including those that loaded chunks declare, so everything
 * renders at once afterwards (component tests render synchronously).
 */
export async function preloadEveryLazyComponent(): Promise<void> {
  let loaded = 0;
  while (loaded < made.length) {
    const batch = made.slice(loaded);
    loaded = made.length;
    await Promise.all(batch.map((lazy) => lazy.preload()));
  }
}
