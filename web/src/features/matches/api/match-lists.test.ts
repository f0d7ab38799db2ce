import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMatch } from '@pitchside/shared/testing';
import type { ApiClient } from '../../../lib/api.ts';
import { readEnvelope, resolveParser } from '../../../lib/envelope.ts';
import { fetchDayMatches } from './match-lists.ts';

/** An API that answers one body, read through the real envelope reader and the real (lazy) parsers. */
const answering = (body: unknown): ApiClient & { paths: string[] } => {
  const paths: string[] = [];
  return {
    paths,
    get: async (path, parser) => {
      paths.push(path);
      return readEnvelope(body, await resolveParser(parser));
    },
  };
};

afterEach(() => vi.restoreAllMocks());

describe('reading a day of matches', () => {
  it('asks for the day in the visitor’s zone', async () => {
    const api = answering({ data: [] });
    await fetchDayMatches('2026-11-22', 'Europe/Berlin', undefined, api);
    expect(api.paths).toEqual(['/matches?date=2026-11-22&tz=Europe%2FBerlin']);
  });

  it('leaves out a match it cannot read instead of failing the whole day', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const good = { match: buildMatch({ id: '1' }), epoch: 'e', seq: 1 };
    const unknownStatus = {
      match: { ...buildMatch({ id: '2' }), status: 'first_period' },
      epoch: 'e',
      seq: 1,
    };
    const result = await fetchDayMatches(
      '2026-11-22',
      'UTC',
      undefined,
      answering({ data: [good, unknownStatus] }),
    );
    expect('data' in result && result.data.map((e) => e.match.id)).toEqual(['1']);
    expect(warn).toHaveBeenCalledOnce();
  });

  it('passes an error answer on', async () => {
    const error = { code: 'request:invalid', message: 'bad date' };
    expect(await fetchDayMatches('2026-11-22', 'UTC', undefined, answering({ error }))).toEqual({ error });
  });
});
