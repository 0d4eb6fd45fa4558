// The map, loaded on demand; a map that fails to load (chunk or render) renders nothing (SPEC §2, §8).
import { lazy, Suspense } from 'react';
import { ErrorBoundary } from './ErrorBoundary';
import type { MapViewProps } from './MapView';
import { Skeleton } from './Image';

const MapView = lazy(() => import('./MapView'));

export function LazyMap(props: MapViewProps) {
  if (!Number.isFinite(props.latitude) || !Number.isFinite(props.longitude)) return null;
  return (
    <ErrorBoundary>
      <Suspense fallback={<div style={{ position: 'relative', height: props.height ?? 360 }}><Skeleton /></div>}>
        <MapView {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
