import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './precompress-plugin';

// The server serves dist/ at / with an SPA fallback and the API at /api on the same origin;
// in `vite dev` the same paths are proxied to the local server.
const SERVER = 'http://127.0.0.1:3000';

/**
 * antd imports some components statically for options this app never sets, which puts them in
 * every page's first load, the login's included (issue 15, about 17 KB gzip): ConfigProvider the
 * tooltip's UniqueProvider with @rc-component/trigger (`tooltip.unique`), the Form label the
 * Tooltip (`Form.Item tooltip`), ColorPicker the Collapse (`presets`). The build points those
 * three imports at wrappers in src/lib/antd-lazy/ that load the real component on first render,
 * so the options still work. Dev and tests use antd unchanged. The build fails when antd no
 * longer has one of these imports, so the list is looked at again on an antd upgrade.
 */
const LAZY_ANTD_IMPORTS = [
  { importer: 'antd/es/config-provider/index.js', source: '../tooltip/UniqueProvider', wrapper: './src/lib/antd-lazy/unique-provider.tsx' },
  { importer: 'antd/es/form/FormItemLabel.js', source: '../tooltip', wrapper: './src/lib/antd-lazy/tooltip.tsx' },
  { importer: 'antd/es/color-picker/components/ColorPresets.js', source: '../../collapse', wrapper: './src/lib/antd-lazy/collapse.tsx' },
];

function lazyAntdImports(): Plugin {
  const replaced = new Set<string>();
  return {
    name: 'recaudo:lazy-antd-imports',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      replaced.clear();
    },
    resolveId(source, importer) {
      const from = importer?.replaceAll('\\', '/');
      const rule = from && LAZY_ANTD_IMPORTS.find((rule) => source === rule.source && from.endsWith(`/node_modules/${rule.importer}`));
      if (!rule) return null;
      replaced.add(rule.importer);
      return fileURLToPath(new URL(rule.wrapper, import.meta.url));
    },
    buildEnd(error) {
      const missing = LAZY_ANTD_IMPORTS.filter((rule) => !replaced.has(rule.importer));
      if (!error && missing.length) {
        this.error(`antd no longer imports ${missing.map((rule) => `${rule.source} from ${rule.importer}`).join(', ')}: review LAZY_ANTD_IMPORTS in vite.config.ts`);
      }
    },
  };
}

/** Writes which modules each chunk holds, for scripts/chunk-report.mjs (.vite/chunk-modules.json in dist/). */
function chunkModules(): Plugin {
  return {
    name: 'recaudo:chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const root = fileURLToPath(new URL('..', import.meta.url));
      const modules = Object.fromEntries(
        Object.values(bundle)
          .filter((output) => output.type === 'chunk')
          .map((chunk) => [chunk.fileName, chunk.moduleIds.map((id) => id.replace(root, ''))]),
      );
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: JSON.stringify(modules) });
    },
  };
}

export default defineConfig({
  plugins: [lazyAntdImports(), chunkModules(), react(), precompress()],
  server: {
    proxy: {
      '/api': SERVER,
      '/socket.io': { target: SERVER, ws: true },
    },
  },
  // The manifest lets scripts/chunk-report.mjs measure what each route loads.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // ECharts with its renderer passed the 500 KB a chunk may weigh (scripts/chunk-report.mjs):
    // zrender, the drawing library under it, is a chunk of its own, loaded beside it.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'zrender', test: /[\\/]node_modules[\\/]zrender[\\/]/ }] } } },
  },
});
