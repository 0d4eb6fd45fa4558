// Screens other than home and login are loaded on demand, one chunk per feature. SPEC §9: a chunk that has
// not arrived after 120 seconds counts as failed; SPEC §8: a lazy-loaded component that fails shows its
// error message (here with a way to reload the page, which fetches the chunk again).
import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import { ErrorBoundary } from '../components/media/ErrorBoundary';
import { Button } from '../components/ui/Button';
import { Spinner } from '../components/ui/Spinner';
import { useT } from '../i18n/i18n';
import type { RouteParams } from '../../contract/routes';
import type { Screen } from './screen';

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Chunk load timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

const preloaders: (() => Promise<void>)[] = [];

/** Adds a lazy component's loader to what `preloadScreens()` loads (lazyComponent.tsx). */
export function registerPreloader(preload: () => Promise<void>): void {
  preloaders.push(preload);
}

/** Loads every lazy screen now; afterwards they render without suspending (tests, or prefetching when idle). */
export async function preloadScreens(): Promise<void> {
  // a loaded chunk may register loaders of its own (the phone library's): load those too
  for (let done = 0; done < preloaders.length; ) {
    const batch = preloaders.slice(done);
    done = preloaders.length;
    // a chunk that fails is not loaded: its screen tries again when rendered (and shows its error if it fails)
    await Promise.allSettled(batch.map((preload) => preload()));
  }
}

/** A lazy screen; `preload()` starts its chunk now (boot does it for the current route). */
export type LazyScreen = Screen & { preload: () => Promise<void> };

export function lazyScreen<TModule>(load: () => Promise<TModule>, pick: (module: TModule) => Screen): LazyScreen {
  let loaded: Screen | null = null;
  let loading: Promise<void> | null = null;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = pick(module);
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  preloaders.push(preload);
  const Lazy = lazy(() => withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS).then((module) => ({ default: pick(module) })));
  function LazyScreen(props: { params: RouteParams }) {
    const Inner = loaded ?? Lazy;
    return (
      <ErrorBoundary fallback={<ChunkFailed />}>
        <Suspense fallback={<Loading><Spinner /></Loading>}>
          <Inner {...props} />
        </Suspense>
      </ErrorBoundary>
    );
  }
  return Object.assign(LazyScreen, { preload });
}

export function ChunkFailed() {
  const t = useT();
  return (
    <Loading role="alert" data-testid="chunk-failed">
      <p>{t('common.chunkFailed')}</p>
      <Button onClick={() => window.location.reload()}>{t('common.refresh')}</Button>
    </Loading>
  );
}

// While a screen's code loads, the frame's footer stays below the fold (the main area below the header fills
// the viewport): when the screen arrives it does not push a visible footer away (no layout shift).
export const Loading = styled.div`
  min-height: calc(100vh - ${({ theme }) => theme.layout.headerHeight}px);
  display: grid;
  place-content: center;
  justify-items: center;
  gap: 12px;
  padding: 24px;
  text-align: center;
`;
