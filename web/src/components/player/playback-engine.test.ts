import { describe, expect, it } from 'vitest';
import { engineFor } from './playback-engine.ts';

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
