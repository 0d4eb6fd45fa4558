// The map, loaded on demand; a map that cannot load renders nothing (SPEC §2, §8): no coordinates, no tile
// provider configured by the operator (a map without tiles is an empty box), or a chunk/render failure.
import { lazy, Suspense } from 'react';
import { ErrorBoundary } from './ErrorBoundary';
import type { MapViewProps } from './MapView';
import { Skeleton } from './Image';

const MapView = lazy(() => import('./MapView'));

/** Whether a map can be drawn at all: coordinates and a configured tile provider. */
export function mapCanLoad(props: Pick<MapViewProps, 'latitude' | 'longitude' | 'tileTemplate'>): boolean {
  return Number.isFinite(props.latitude) && Number.isFinite(props.longitude) && !!props.tileTemplate?.trim();
}

export function LazyMap(props: MapViewProps) {
  if (!mapCanLoad(props)) return null;
  return (
    <ErrorBoundary>
      <Suspense fallback={<div style={{ position: 'relative', height: props.height ?? 360 }}><Skeleton /></div>}>
        <MapView {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
