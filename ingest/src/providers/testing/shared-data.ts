import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Real provider responses and feeds, kept outside the repo (`../shared/data`, see its README): tests read them
 * in place and never copy them. CI has the folder; elsewhere the suites that need it skip, saying why.
 */
export const SHARED_DATA_DIR = fileURLToPath(new URL('../../../../../shared/data/', import.meta.url));
export const hasSharedData = existsSync(SHARED_DATA_DIR);

export const readSharedText = (relativePath: string): string =>
  readFileSync(join(SHARED_DATA_DIR, relativePath), 'utf8');

export const readSharedJson = (relativePath: string): unknown => JSON.parse(readSharedText(relativePath));

/** One line per skipped suite, so a green run without the data is not mistaken for a tested one. */
export function warnIfNoSharedData(suite: string): void {
  if (!hasSharedData) {
    console.warn(
      `[${suite}] SKIPPED: the shared test data folder is absent (${SHARED_DATA_DIR}); see shared/data/README.md`,
    );
  }
}
