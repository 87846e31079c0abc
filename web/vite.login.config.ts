import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './precompress-plugin';

/**
 * The login page (login.html), built on its own into the app's dist/ after the app: one small
 * script with what it needs inlined. Built with the app, it shared the app's modules (the http
 * client, the storage keys) and rolldown split both into a score of chunks, React's among the
 * login's preloads (docs/decisions.md, "The login page").
 */
export default defineConfig({
  plugins: [precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    // Its own manifest, beside the app's, for scripts/chunk-report.mjs.
    manifest: '.vite/login-manifest.json',
    modulePreload: false,
    rolldownOptions: { input: fileURLToPath(new URL('./login.html', import.meta.url)) },
  },
});
