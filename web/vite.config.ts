import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API server's default port; `pnpm dev` runs it beside vite (scripts/dev-all.mjs).
const API_TARGET = process.env.PLANVAS_API ?? 'http://127.0.0.1:4780';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      // SSE streams pass through the proxy unbuffered; `ws` stays off (the API has no websockets).
      '/api': { target: API_TARGET, changeOrigin: false },
    },
  },
  // The layout worker is an ES module worker (`new Worker(url, { type: 'module' })`).
  worker: { format: 'es' },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 2500 },
});
