import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bootChunkGroups } from './boot-chunks';
import { inlineEntryCss } from './inline-entry-css';
import { paintFirst } from './paint-first';
import { precompress } from './precompress';
import { routePreloads } from './route-preloads';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), inlineEntryCss(), paintFirst(), routePreloads(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/SysAdmin': { target: apiTarget, ws: true, changeOrigin: false },
      // The demo console's mock API (/v1/*, /table/list) is served by the same server.
      '/v1': { target: apiTarget, changeOrigin: false },
      '/table/list': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    // dist/.vite/manifest.json: which chunks each route loads (bench/bundle.ts); not served.
    manifest: true,
    // Rolldown's automatic splitting gives each route its own chunks. The boot steps (React,
    // antd's core, the app's shell) are one chunk each instead of ~70 (boot-chunks.ts). One chunk
    // for all of antd made every first visit load the tables, pickers and uploads of the
    // workbench (docs/performance.md, "Bytes on the wire").
    rolldownOptions: { output: { codeSplitting: { groups: bootChunkGroups } } },
  },
});
