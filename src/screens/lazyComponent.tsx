// A component whose code loads on demand (the entry chunk holds only what every first screen draws).
// Rendering it starts its chunk; until it is there the fallback shows (nothing by default); a chunk that fails
// to load shows `failed` (nothing by default). `preloadScreens()` (tests) loads these too.
import { lazy, Suspense, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { ErrorBoundary } from '../components/media/ErrorBoundary';
import { registerPreloader } from './lazyScreen';

// React's ComponentProps takes a JSXElementConstructor<any>: any component fits, its own props are read from it
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyComponent<C extends ComponentType<any>>(
  load: () => Promise<C>,
  { fallback = null, failed = null }: { fallback?: ReactNode; failed?: ReactNode } = {},
): ((props: ComponentProps<C>) => ReactNode) & { preload: () => Promise<void> } {
  let loaded: C | null = null;
  let loading: Promise<void> | null = null;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  registerPreloader(preload);
  const Lazy = lazy(() => preload().then(() => ({ default: loaded as C })));
  function LazyComponent(props: ComponentProps<C>) {
    const Inner = (loaded ?? Lazy) as unknown as ComponentType<ComponentProps<C>>;
    return (
      <ErrorBoundary fallback={failed}>
        <Suspense fallback={fallback}>
          <Inner {...props} />
        </Suspense>
      </ErrorBoundary>
    );
  }
  return Object.assign(LazyComponent, { preload });
}
