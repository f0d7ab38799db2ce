import { build, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import ts from 'typescript';

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

/**
 * Keeping zod out of a page's first view. The first view is hydrated from data the server already read
 * and parsed; zod and shared's schemas are needed only by the chunks that parse (the *-parsers.ts
 * modules, fetched with the first REST read or once the live socket runs). But the first view imports a
 * few helpers from shared (`applyDelta`, `scoreboardRoom`, `sportOf`, `isLive`, …) that live in the same
 * modules as the schemas, and Rollup keeps a call it cannot prove pure and puts a module in one chunk
 * only. So:
 * - each top-level schema declaration in shared (`const SomethingSchema = …`: shared names every schema
 *   so) is built by a function call annotated `@__PURE__`: building a schema has no effect beyond its
 *   value (shared never calls `z.config` or registers schemas), so one nobody uses is dropped;
 * - shared's modules are side-effect free: one that nothing uses is not included at all;
 * - the parsing side imports its own instance of shared's modules (`?schemas`), so the schemas it keeps do
 *   not land in the chunk of the helpers the first view uses. Both instances are built from the same
 *   source; shared's modules hold no state, so having two changes nothing but the chunks.
 * Client build only: the server bundle has every schema anyway.
 */
const SHARED_SOURCE = /\/shared\/src\/(?!.*\.test\.ts).*\.ts(\?schemas)?$/;
const SCHEMA_SIDE = /\/web\/src\/.*-parsers\.ts$|\?schemas$/;

/** `const XSchema = <init>` becomes `const XSchema = /* @__PURE__ *\/ (() => (<init>))()`. */
function pureSchemaDeclarations(code: string, id: string): string {
  const file = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const edits: { at: number; text: string }[] = [];
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const init = declaration.initializer;
      if (!init || !ts.isIdentifier(declaration.name) || !declaration.name.text.endsWith('Schema')) continue;
      edits.push(
        { at: init.getStart(file), text: '/* @__PURE__ */ (() => (' },
        { at: init.end, text: '))()' },
      );
    }
  }
  let out = code;
  for (const { at, text } of edits.sort((a, b) => b.at - a.at)) out = out.slice(0, at) + text + out.slice(at);
  return out;
}

function separateSharedSchemas(): Plugin {
  return {
    name: 'pitchside:separate-shared-schemas',
    enforce: 'pre',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    async resolveId(source, importer, options) {
      if (!importer || !SCHEMA_SIDE.test(importer)) return null;
      const resolved = await this.resolve(source, importer.replace(/\?schemas$/, ''), {
        ...options,
        skipSelf: true,
      });
      if (!resolved || resolved.external || !SHARED_SOURCE.test(resolved.id)) return resolved;
      return { ...resolved, id: `${resolved.id.replace(/\?schemas$/, '')}?schemas` };
    },
    transform(code, id) {
      if (!SHARED_SOURCE.test(id)) return null;
      // Only text inserted within lines: the lines of the source map stay right.
      return { code: pureSchemaDeclarations(code, id), map: null };
    },
  };
}

/**
 * The live-score widget's embed script (src/embed, served in the frame of /embed/scores by the gateway) is
 * no part of the app: plain TypeScript and socket.io-client, a few kilobytes, loaded by a page without
 * React. It is built on its own right after the client build, into the same assets folder, with a
 * manifest of its own (.vite/embed-manifest.json) from which the gateway takes its fingerprinted name.
 */
const EMBED_ENTRY = 'src/embed/embed-client.ts';

function embedBuild(): Plugin {
  let outDir = '';
  let root = '';
  return {
    name: 'pitchside:embed-build',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    configResolved(config) {
      outDir = config.build.outDir;
      root = config.root;
    },
    async closeBundle(error) {
      if (error) return; // the app's build failed: that is the error to see
      await build({
        configFile: false,
        root,
        publicDir: false,
        logLevel: 'warn',
        build: {
          outDir,
          emptyOutDir: false,
          sourcemap: true,
          manifest: '.vite/embed-manifest.json',
          target: 'es2020',
          rollupOptions: {
            input: EMBED_ENTRY,
            output: { format: 'iife', entryFileNames: 'assets/widget-embed-[hash].js' },
          },
        },
      });
    },
  };
}

const SHARED_TREESHAKE = {
  moduleSideEffects: (id: string) => !SHARED_SOURCE.test(id),
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [separateSharedSchemas(), react(), embedBuild()],
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
          treeshake: SHARED_TREESHAKE,
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
