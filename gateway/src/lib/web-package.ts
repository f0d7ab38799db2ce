import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Where the website's files are: in the `@pitchside/web` package, found by its name as Node finds any
 * dependency (its `exports` name these folders: `./dist/*`, the build the gateway serves and renders with, and
 * `./locales/*`, the message files the widget shares). The build may not exist yet when this is read, so the
 * folders are joined to the package's own folder rather than resolved file by file.
 */
const webRoot = path.dirname(createRequire(import.meta.url).resolve('@pitchside/web/package.json'));

/** web/dist: `client/` (the browser's files) and `server/` (the renderer), once `npm run build:web` ran. */
export const WEB_DIST_DIR = path.join(webRoot, 'dist');
/** web/src/locales/{lang}/{namespace}.json. */
export const WEB_LOCALES_DIR = path.join(webRoot, 'src', 'locales');
