/**
 * hls.js ships the light build (no subtitles, alternate audio, EME or CMCD) without a declaration of its
 * own entry: its API is the full build's, so the full build's types describe it.
 */
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
