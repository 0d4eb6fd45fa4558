// Vite plugin: writes dist/.vite/bundle-modules.json, the modules of every JS chunk with their rendered size
// (bytes, minified, before compression), so scripts/budget.mjs can name what makes a chunk big.
// Not served: dot folders are not static files of the SPA (@fastify/static skips dotfiles).
export function bundleReport() {
  return {
    name: 'bundle-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = {};
      for (const [fileName, chunk] of Object.entries(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const modules = Object.entries(chunk.modules)
          .map(([id, m]) => ({ id: id.replace(process.cwd() + '/', '').replace(/\0/g, ''), bytes: m.renderedLength }))
          .filter((m) => m.bytes > 0)
          .sort((a, b) => b.bytes - a.bytes);
        chunks[fileName] = { isEntry: chunk.isEntry, isDynamicEntry: chunk.isDynamicEntry, modules };
      }
      this.emitFile({ type: 'asset', fileName: '.vite/bundle-modules.json', source: JSON.stringify({ chunks }) });
    },
  };
}
