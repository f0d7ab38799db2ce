import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR, readExchange, readFixtureJson, readFixtureText } from './support/fixtures.ts';

/** Above this a fixture needs trimming (or a reason in its SOURCES.md and a higher cap here). */
const MAX_BYTES = 60 * 1024;
const FOLDERS = ['api-football', 'football-data', 'openfootball', 'rss'] as const;
const NOTES = new Set(['SOURCES.md']);

const filesOf = (folder: string): string[] =>
  readdirSync(join(FIXTURES_DIR, folder))
    .filter((name) => !NOTES.has(name))
    .sort();

const index = readFixtureText('README.md');

/**
 * The provider fixtures stay honest: every file parses, is small, and says where it came from (its folder's
 * SOURCES.md and the index in README.md); a file built from a documented schema says so.
 */
describe('provider fixtures', () => {
  it('has no stray files beside the four provider folders', () => {
    const top = readdirSync(FIXTURES_DIR).sort();
    expect(top).toEqual([...FOLDERS, 'README.md'].sort());
  });

  for (const folder of FOLDERS) {
    describe(folder, () => {
      const sources = readFixtureText(`${folder}/SOURCES.md`);
      const files = filesOf(folder);

      it('has fixtures', () => {
        expect(files.length).toBeGreaterThan(0);
      });

      for (const name of files) {
        const path = `${folder}/${name}`;

        it(`${name} parses`, () => {
          if (name.endsWith('.xml')) {
            expect(XMLValidator.validate(readFixtureText(path))).toBe(true);
          } else if (name.endsWith('-http.json')) {
            const exchange = readExchange(path);
            expect(Number.isInteger(exchange.status)).toBe(true);
            for (const values of Object.values(exchange.headers)) {
              expect(Array.isArray(values) && values.every((v) => typeof v === 'string')).toBe(true);
            }
            expect(typeof exchange.body).toBe('string');
            expect(() => JSON.parse(exchange.body) as unknown).not.toThrow();
          } else if (name.endsWith('.json')) {
            expect(() => readFixtureJson(path)).not.toThrow();
          } else {
            expect.fail(`${path}: only .json and .xml fixtures are expected`);
          }
        });

        it(`${name} is under the size cap`, () => {
          expect(statSync(join(FIXTURES_DIR, path)).size).toBeLessThanOrEqual(MAX_BYTES);
        });

        it(`${name} is listed in ${folder}/SOURCES.md and in the index`, () => {
          expect(sources).toContain(name);
          expect(index).toContain(path);
        });

        if (/built/.test(name)) {
          it(`${name} is marked as built from a documented schema, not recorded`, () => {
            const row = sources.split('\n').find((line) => line.includes(name));
            expect(row).toMatch(/built from the documented schema/i);
          });
        }
      }

      it('lists no file that is not there', () => {
        const named = [...sources.matchAll(/`([^`\s]+\.(?:json|xml))`/g)].map((m) => m[1] ?? '');
        for (const name of named) {
          if (name.includes('/') || name.includes('*')) continue;
          expect(files, `${folder}/SOURCES.md names ${name}`).toContain(name);
        }
      });
    });
  }

  it('indexes no file that is not there', () => {
    const indexed = [...index.matchAll(/`((?:api-football|football-data|openfootball|rss)\/[^`]+)`/g)].map(
      (m) => m[1] ?? '',
    );
    expect(indexed.length).toBeGreaterThan(0);
    for (const path of indexed) {
      const [folder = '', name = ''] = path.split('/');
      expect(filesOf(folder), `README.md indexes ${path}`).toContain(name);
    }
  });
});
