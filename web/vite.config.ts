import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Two builds: the browser's (src/entry-client.tsx to dist/client, with a manifest the server reads to link
 * the entry, its CSS and the first page's chunks) and the server renderer (`--ssr src/entry-server.tsx` to
 * dist/server), which the gateway imports. The gateway serves both, so page, /api and /socket.io share one
 * origin.
 *
 * `@pitchside/shared` is consumed as TypeScript source through the workspace symlink; Vite resolves the
 * symlink to shared/src (outside node_modules) and transforms it like our own code, so nothing to configure.
 */

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

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  build: isSsrBuild
    ? { outDir: 'dist/server', emptyOutDir: true, sourcemap: true, target: 'node20' }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        sourcemap: true,
        manifest: true,
        rollupOptions: {
          input: 'src/entry-client.tsx',
          output: { manualChunks: vendorChunk },
          onwarn(warning, warn) {
            // zod ships /* @__PURE__ */ comments where Rollup cannot use them; harmless, and not ours to fix.
            if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/zod/')) return;
            warn(warning);
          },
        },
      },
  // The server bundle keeps npm packages external (Node loads them), except what must be compiled with us.
  ssr: { noExternal: ['@pitchside/shared'] },
}));
