/**
 * Both providers write form latest result first (API-Football "LDWWW", v4 "W,D,W,W,D"); ours reads left to
 * right, latest last, W/D/L only, at most ten.
 */
export function latestLast(form: string | null): string {
  return [...(form ?? '').toUpperCase().replace(/[^WDL]/g, '')].reverse().join('').slice(-10);
}
