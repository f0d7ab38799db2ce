import { z } from 'zod';

/**
 * zod compiles fast object parsers with `new Function` when it can; the site's Content-Security-Policy
 * forbids eval, so in the browser that probe only logs a CSP violation. Parse without it. This module is
 * imported first by entry-client: zod reads the setting as each schema is built.
 */
z.config({ jitless: true });
