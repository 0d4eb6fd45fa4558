// The logo's mark as data (a house roof over three share bars, in the brand's green and brown), drawn by the top
// bar (src/components/layout/Logo.tsx).
export const LOGO_MARK = {
  size: 40,
  roof: { d: 'M4 19L20 5l16 14', stroke: '#1f5c3a', width: 4 },
  bars: [
    { x: 10, y: 22, height: 13, fill: '#3b2a20' },
    { x: 17.5, y: 18, height: 17, fill: '#1f5c3a' },
    { x: 25, y: 25, height: 10, fill: '#3b2a20' },
  ],
  barWidth: 5,
} as const;

/** The mark as SVG markup, for HTML written without React. */
export function logoMarkSvg(): string {
  const { size, roof, bars, barWidth } = LOGO_MARK;
  return (
    `<svg width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" aria-hidden="true" focusable="false">` +
    `<path d="${roof.d}" fill="none" stroke="${roof.stroke}" stroke-width="${roof.width}" stroke-linecap="round" stroke-linejoin="round"/>` +
    bars.map((b) => `<rect x="${b.x}" y="${b.y}" width="${barWidth}" height="${b.height}" rx="1" fill="${b.fill}"/>`).join('') +
    '</svg>'
  );
}
