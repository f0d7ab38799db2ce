import { z } from 'zod';

/**
 * zod compiles fast object parsers with `new Function` when it can; the site's Content-Security-Policy
 * forbids eval, so in the browser that probe only logs a CSP violation. Parse without it (the server keeps
 * the compiled parsers). zod reads the setting as each object schema is built, so every module that builds
 * or imports schemas for the browser (the *-parsers.ts modules) imports this one first.
 */
if (!import.meta.env.SSR) z.config({ jitless: true });
