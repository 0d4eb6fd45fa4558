// Map tiles come from a provider only when the operator configured one in static content
// (`integrations.mapsTileUrl`, a template with {z}/{x}/{y}, or `integrations.mapsKey` for MapTiler).
// With none configured the map is drawn without tiles: no third-party request is ever made by default.
// (pigeon-maps' own default is OpenStreetMap's tile server, so a provider is always passed.)
import type { StaticContent } from '../../api/types';
import { contentText } from '../../api/content';

export type TileProvider = (x: number, y: number, z: number, dpr?: number) => string;

// A transparent 1×1 GIF: the "no tiles" provider keeps the map's geometry, marker and overlays working.
export const BLANK_TILE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
export const blankTiles: TileProvider = () => BLANK_TILE;

/** The configured tile URL template, or null when the operator configured none. */
export function tileTemplateOf(content: StaticContent | null | undefined): string | null {
  const template = contentText(content, 'integrations.mapsTileUrl').trim();
  if (template) return template;
  const key = contentText(content, 'integrations.mapsKey').trim();
  if (key) return `https://api.maptiler.com/maps/streets/256/{z}/{x}/{y}.png?key=${encodeURIComponent(key)}`;
  return null;
}

export function tileProvider(template: string | null): TileProvider {
  if (!template) return blankTiles;
  return (x, y, z) => template.replace('{x}', String(x)).replace('{y}', String(y)).replace('{z}', String(z));
}

/** SPEC §2: 'view on map' opens an external maps service with a `latitude,longitude` query. */
export function externalMapUrl(latitude: number, longitude: number): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${latitude},${longitude}`)}`;
}
