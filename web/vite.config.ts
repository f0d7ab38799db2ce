import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The web app builds to web/dist, which the gateway serves with an SPA fallback, so in production the page,
 * /api and /socket.io share one origin. In development Vite stands in for the gateway's static half and
 * proxies the rest to it.
 *
 * `@pitchside/shared` is consumed as TypeScript source through the workspace symlink; Vite resolves the
 * symlink to shared/src (outside node_modules) and transforms it like our own code, so nothing to configure.
 */
const gateway = new URL(process.env.PITCHSIDE_GATEWAY_URL ?? 'http://127.0.0.1:8080').origin;
const proxy = {
  '/api': { target: gateway, changeOrigin: true },
  '/socket.io': { target: gateway, changeOrigin: true, ws: true },
};

/**
 * Libraries change far less often than our code: each family gets its own long-cached chunk, so a release
 * of the app does not make visitors download React again.
 */
const VENDOR_CHUNKS: Record<string, RegExp> = {
  react: /\/node_modules\/(react|react-dom|scheduler)\//,
  router: /\/node_modules\/(react-router|react-router-dom|cookie|set-cookie-parser)\//,
  socket:
    /\/node_modules\/(socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io\/[^/]+|xmlhttprequest-ssl|debug|ms)\//,
  i18n: /\/node_modules\/(i18next|react-i18next|html-parse-stringify|void-elements)\//,
  zod: /\/node_modules\/zod\//,
};

function vendorChunk(id: string): string | undefined {
  return Object.entries(VENDOR_CHUNKS).find(([, pattern]) => pattern.test(id))?.[0];
}

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: { manualChunks: vendorChunk },
      onwarn(warning, warn) {
        // zod ships /* @__PURE__ */ comments where Rollup cannot use them; harmless, and not ours to fix.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/zod/')) return;
        warn(warning);
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
