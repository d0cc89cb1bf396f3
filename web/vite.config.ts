import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The API server's default port; `pnpm dev` runs it beside vite (scripts/dev-all.mjs).
const API_TARGET = process.env.PLANVAS_API ?? 'http://127.0.0.1:4780';
const DEV_PORT = 5173;

/**
 * Lists the app's chunk (src/app/mount.tsx, loaded by main.tsx with `import()`) in index.html as a
 * module preload, with its stylesheet: the browser then fetches and compiles it while it reads the
 * page, instead of once main.tsx has run and asked for it. Measured on a deep link: the 790 KB
 * chunk was asked for at ~50 ms instead of ~150 ms and was in at 120-200 ms instead of ~280 ms.
 */
function preloadAppChunk(): Plugin {
  let base = '/';
  return {
    name: 'planvas:preload-app-chunk',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const app = Object.values(context.bundle ?? {}).find((output) => output.type === 'chunk' && output.facadeModuleId?.endsWith('/src/app/mount.tsx'));
        if (app?.type !== 'chunk') throw new Error('planvas: the build has no chunk for src/app/mount.tsx to preload');
        const tags: HtmlTagDescriptor[] = [
          { tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${app.fileName}` }, injectTo: 'head' },
        ];
        for (const css of app.viteMetadata?.importedCss ?? [])
          tags.push({ tag: 'link', attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `${base}${css}` }, injectTo: 'head' });
        return tags;
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), preloadAppChunk()],
  server: {
    port: DEV_PORT,
    proxy: {
      '/api': {
        target: API_TARGET,
        // The server answers only requests addressed to itself (Host = its own name and port) and
        // refuses changes from other origins. Requests from this dev page are its own, so they are
        // forwarded as such; any other origin passes through unchanged and is still refused.
        changeOrigin: true,
        configure(proxy) {
          proxy.on('proxyReq', (proxyReq, req) => {
            const origin = req.headers.origin;
            if (origin !== undefined && /^http:\/\/(localhost|127\.0\.0\.1|\[::1\]):\d+$/.test(origin) && origin.endsWith(`:${req.socket.localPort}`)) {
              proxyReq.setHeader('origin', API_TARGET);
            }
          });
        },
      },
    },
  },
  // `PLANVAS_BASELINE_DAGRE=1` builds the bench's baseline copy of the app (src/layout/dagre-baseline.ts);
  // in every other build the constant is `false` and the baseline is compiled out.
  define: { __PLANVAS_BASELINE_DAGRE__: JSON.stringify(process.env.PLANVAS_BASELINE_DAGRE === '1') },
  // The layout worker is an ES module worker (`new Worker(url, { type: 'module' })`).
  worker: { format: 'es' },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 2500 },
});
