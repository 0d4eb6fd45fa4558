// DOT -> SVG with @viz-js/viz (Graphviz compiled to WebAssembly; no browser, no native binary).
import { instance, type Viz } from '@viz-js/viz';

let viz: Promise<Viz> | undefined;

export async function renderSvg(dot: string): Promise<string> {
  viz ??= instance();
  const result = (await viz).render(dot, { format: 'svg', engine: 'dot' });
  if (result.status !== 'success') {
    throw new Error(`Graphviz failed: ${result.errors.map((e) => e.message).join('; ')}`);
  }
  // Warnings (e.g. about clusters) do not stop the render; the output is still deterministic.
  return result.output.endsWith('\n') ? result.output : result.output + '\n';
}
