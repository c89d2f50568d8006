import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), precompress()],
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
    rollupOptions: {
      output: {
        // Keep the big, rarely changing libraries in their own cacheable chunks.
        manualChunks(id: string) {
          if (id.includes('node_modules')) {
            if (/[\\/](antd|@ant-design|rc-[^\\/]+|@rc-component)[\\/]/.test(id)) return 'antd';
            if (/[\\/](react|react-dom|react-router|scheduler)[\\/]/.test(id)) return 'react';
          }
          return undefined;
        },
      },
    },
  },
});
