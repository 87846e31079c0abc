import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { antdStyles } from './antd-styles-plugin';
import { decorativeIcons } from './decorative-icons-plugin';
import { precompress } from './precompress-plugin';
import { TABLE_MEASURE_HELPER, tableMeasurePlugin } from './table-measure-plugin';

// The server serves dist/ at / with an SPA fallback and the API at /api on the same origin;
// in `vite dev` the same paths are proxied to the local server.
const SERVER = 'http://127.0.0.1:3000';

/**
 * antd imports some components statically for options this app never sets, which puts them in
 * every page's first load (issue 15, about 17 KB gzip): ConfigProvider the
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

/**
 * The static import closures, by module id, of the entry, of the logged-out pages' layout (the
 * login is a page of its own, login.html) and of the staff and client layout, each without the
 * ones before it: filled once the module graph is complete (buildEnd), read by the chunk groups
 * below, which rolldown forms afterwards.
 */
const closures = { entry: new Set<string>(), guest: new Set<string>(), shell: new Set<string>() };

/**
 * The login is a page of its own (login.html, without React or antd), built by
 * vite.login.config.ts: `vite dev` answers /login with it, as the server does with the build's.
 */
function loginPage(): Plugin {
  return {
    name: 'recaudo:login-page',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (request.url?.split('?')[0]?.replace(/\/+$/, '') === '/login') request.url = '/login.html';
        next();
      });
    },
  };
}

function layoutClosures(): Plugin {
  const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));
  return {
    name: 'recaudo:layout-closures',
    apply: 'build',
    buildEnd() {
      const walk = (starts: string[], skip: Set<string>, into: Set<string>) => {
        const stack = [...starts];
        while (stack.length) {
          const id = stack.pop()!;
          if (into.has(id) || skip.has(id)) continue;
          const info = this.getModuleInfo(id);
          if (!info) continue;
          into.add(id);
          stack.push(...info.importedIds);
        }
      };
      for (const set of Object.values(closures)) set.clear();
      const guestPages = [source('./src/app/guest-layout.tsx')];
      const shellPage = source('./src/app/layout/main-layout.tsx');
      walk([source('./src/main.tsx')], new Set(), closures.entry);
      walk(guestPages, closures.entry, closures.guest);
      walk([shellPage], new Set([...closures.entry, ...closures.guest]), closures.shell);
      // The layouts and the pages stay chunks of their own, loaded with their route.
      for (const page of guestPages) closures.guest.delete(page);
      closures.shell.delete(shellPage);
    },
  };
}

/**
 * Every route loads the logged-out pages' chunk (antd's button and the touch-size theme are in
 * it, and the layout and the pages use them too), but it was asked for only once the entry had run. Named in
 * index.html, it downloads beside the entry, a round trip sooner.
 */
function preloadGuestChunk(): Plugin {
  return {
    name: 'recaudo:preload-guest-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const guest = Object.values(context.bundle ?? {}).find((output) => output.type === 'chunk' && output.name === 'guest');
        if (!guest) throw new Error('The build has no "guest" chunk: review CHUNK_GROUPS in vite.config.ts');
        return [{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${guest.fileName}` }, injectTo: 'head' }];
      },
    },
  };
}

const inPackage = (pattern: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${pattern})[\\\\/]`);
const CHARTS = inPackage('zrender|echarts');
const ANTD = inPackage('antd');
/**
 * The wrappers that stand in for some of antd's own imports, which antd's modules import: the lazy
 * ones (LAZY_ANTD_IMPORTS) and its icons, named in Spanish or hidden (decorative-icons-plugin.ts).
 */
const ANTD_WRAPPERS = /[\\/]src[\\/]lib[\\/]antd-lazy[\\/]|[\\/]src[\\/]components[\\/]decorative-icon\.tsx$|^\0antd-icon:/;
const PACKAGE = inPackage('.+?');

/**
 * Few chunks, because HTTP/1.1 fetches six at a time and each costs a round trip: left to itself
 * rolldown split the code into about 480 files, a cold Pagos asked for 137 of them, and on fast
 * 4G (165 ms a request) its rows showed after 5.3 s. Now the logged-out layout's code is one
 * chunk, the signed-in layout's another, and what eight pages or more
 * share three more (the app's, antd's, the other packages'), each under the 500 KB a chunk may
 * weigh: 39 requests and 3.2 s, before the session check's preload took it to 2.0–2.1 s
 * (docs/decisions.md, "Delivery"). A page's own code stays its own chunk. The groups take no
 * dependencies along (`includeDependenciesRecursively: false`): with them, React went into the
 * layout's chunk and every logged-out page loaded it all.
 */
const CHUNK_GROUPS = [
  // ECharts with its renderer passed the 500 KB a chunk may weigh: zrender, the drawing library
  // under it, is a chunk of its own, loaded beside it.
  { name: 'zrender', test: inPackage('zrender') },
  { name: 'guest', test: (id: string) => closures.guest.has(id), priority: 4, includeDependenciesRecursively: false },
  { name: 'shell', test: (id: string) => closures.shell.has(id), priority: 2, includeDependenciesRecursively: false },
  {
    // The table's measuring helper goes with the table: in the app's chunk it made the two chunks
    // import each other, and a page then met one of their functions not yet defined.
    // antd's wrappers go with antd: in the app's chunk (where the Form label's one went once the
    // profile panel left the layout's chunk) they made it and antd's import each other.
    name: (id: string) => (ANTD.test(id) || ANTD_WRAPPERS.test(id) ? 'pages-antd' : PACKAGE.test(id) || id === TABLE_MEASURE_HELPER ? 'pages-vendor' : 'pages'),
    test: (id: string) => !Object.values(closures).some((closure) => closure.has(id)) && !CHARTS.test(id),
    minShareCount: 8,
    priority: 1,
    includeDependenciesRecursively: false,
  },
];

export default defineConfig({
  plugins: [loginPage(), antdStyles(), decorativeIcons(), lazyAntdImports(), tableMeasurePlugin(), layoutClosures(), chunkModules(), preloadGuestChunk(), react(), precompress()],
  server: {
    proxy: {
      '/api': SERVER,
      // The public verification pages are drawn by the server.
      '^/verify-(payment|solvency|statement)/': SERVER,
      '/socket.io': { target: SERVER, ws: true },
    },
  },
  // The manifest lets scripts/chunk-report.mjs measure what each route loads.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
});
