import { describe, expect, it } from 'vitest';
import type { StreamSource } from '@pitchside/shared/payments';
import { defaultSource, engineFor, stageOf } from './stream-choice.ts';

const free: StreamSource = {
  id: 'stadium',
  label: 'Stadium camera',
  access: 'free',
  url: '/streams/free/1/stadium/index.m3u8',
  expiresAt: null,
};
const locked: StreamSource = {
  id: 'main',
  label: 'Main broadcast',
  access: 'premium',
  url: null,
  expiresAt: null,
};
const open: StreamSource = {
  ...locked,
  url: '/streams/premium/1/main/index.m3u8?token=v1.x',
  expiresAt: '2025-06-14T18:02:00.000Z',
};

describe('defaultSource', () => {
  it('opens an entitled viewer on the premium feed', () => {
    expect(defaultSource({ entitled: true, sources: [open, free] })?.id).toBe('main');
  });

  it('opens anyone else on the free feed, which plays at once', () => {
    expect(defaultSource({ entitled: false, sources: [locked, free] })?.id).toBe('stadium');
  });

  it('shows the paywall first when there is no free feed, and nothing without feeds', () => {
    const only = defaultSource({ entitled: false, sources: [locked] });
    expect(only?.id).toBe('main');
    expect(stageOf(only!)).toBe('paywall');
    expect(defaultSource({ entitled: false, sources: [] })).toBeNull();
  });

  it('plays a feed with a URL and walls one without', () => {
    expect(stageOf(free)).toBe('player');
    expect(stageOf(open)).toBe('player');
    expect(stageOf(locked)).toBe('paywall');
  });
});

describe('engineFor', () => {
  it('uses hls.js for signed feeds wherever MSE exists, so renewing a token never stalls', () => {
    expect(engineFor({ signed: true, nativeHls: true, mediaSource: true })).toBe('hls.js');
    expect(engineFor({ signed: true, nativeHls: false, mediaSource: true })).toBe('hls.js');
  });

  it("uses the browser's own HLS for free feeds, and for everything where it is all there is", () => {
    expect(engineFor({ signed: false, nativeHls: true, mediaSource: true })).toBe('native');
    expect(engineFor({ signed: true, nativeHls: true, mediaSource: false })).toBe('native');
    expect(engineFor({ signed: false, nativeHls: false, mediaSource: true })).toBe('hls.js');
  });

  it('has nothing to play with in a browser without either', () => {
    expect(engineFor({ signed: false, nativeHls: false, mediaSource: false })).toBeNull();
  });
});
