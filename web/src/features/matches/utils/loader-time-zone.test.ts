import { describe, expect, it } from 'vitest';
import { writeCookie } from '@pitchside/shared/cookies';
import { TIME_ZONE_COOKIE } from '../../../lib/visit.ts';
import { loaderTimeZone } from './loader-time-zone.ts';

const request = (cookie?: string) =>
  new Request('http://localhost/en/fixtures-results', cookie ? { headers: { cookie } } : {});

describe('loaderTimeZone on the server', () => {
  it('uses the zone the renderer hands the loader first', () => {
    expect(loaderTimeZone(request('tz=Asia%2FTokyo'), { timeZone: 'America/New_York' })).toBe(
      'America/New_York',
    );
  });

  it('reads the tz cookie when the request carries it', () => {
    expect(loaderTimeZone(request('theme=dark; tz=Europe%2FBerlin'), {})).toBe('Europe/Berlin');
  });

  it('reads the zone back as the page wrote it (the one cookie module on both sides)', () => {
    const zone = 'America/Argentina/Buenos_Aires';
    const sent = writeCookie(TIME_ZONE_COOKIE, zone, { path: '/' }).split(';')[0]!;
    expect(loaderTimeZone(request(`auth.signed_in=1; ${sent}`), {})).toBe(zone);
  });

  it('falls back to UTC without a zone, or with one that is not a time zone', () => {
    expect(loaderTimeZone(request(), {})).toBe('UTC');
    expect(loaderTimeZone(request('tz=Mars%2FOlympus'), { timeZone: 'nowhere' })).toBe('UTC');
  });
});
