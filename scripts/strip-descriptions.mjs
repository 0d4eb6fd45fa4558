// Vite plugin (production build only): the machines carry their English descriptions for people reading
// the diagrams and path scripts (machines/descriptions/describe.ts `described`), which the app never shows.
// In the SPA bundle each `./descriptions/<machine>` import of a machine file resolves to an empty module, so
// `described` returns the machine unchanged and the texts (en and pl) stay out of the bundle. `described` itself
// (the code that copies the texts into a machine's config) resolves to the identity.
const EMPTY = '\0machine-descriptions-empty';
const IDENTITY = '\0machine-descriptions-identity';

export function stripMachineDescriptions() {
  return {
    name: 'strip-machine-descriptions',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !/[\\/]machines[\\/][^\\/]+\.machine\.ts$/.test(importer)) return null;
      if (source === './descriptions/describe') return IDENTITY;
      return /^\.\/descriptions\/(?!describe$|types$)[\w-]+$/.test(source) ? EMPTY : null;
    },
    load(id) {
      if (id === IDENTITY) return 'export const described = (machine) => machine;\n';
      return id === EMPTY ? 'export default undefined;\n' : null;
    },
  };
}
