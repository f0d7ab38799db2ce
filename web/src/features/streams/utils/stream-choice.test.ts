import { describe, expect, it } from 'vitest';
import type { StreamSource } from '@pitchside/shared/payments';
import { defaultSource, stageOf } from './stream-choice.ts';

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
