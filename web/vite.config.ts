import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server serves dist/ at / with an SPA fallback and the API at /api on the same origin;
// in `vite dev` the same paths are proxied to the local server.
const SERVER = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': SERVER,
      '/socket.io': { target: SERVER, ws: true },
    },
  },
  // The manifest lets scripts/chunk-report.mjs measure what each route loads.
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
});
