import type { MatchDelta } from '../domain/index.ts';

/**
 * What a client does with an incoming delta, given the position it holds.
 * Pure, so the web store and the integration tests judge gaps, duplicates and resets the same way.
 */
export type DeltaVerdict = 'apply' | 'duplicate' | 'gap' | 'reset';

export function judgeDelta(
  held: { epoch: string; seq: number } | null,
  delta: Pick<MatchDelta, 'epoch' | 'seq'>,
): DeltaVerdict {
  if (!held) return 'gap';
  if (delta.epoch !== held.epoch) return 'reset';
  if (delta.seq <= held.seq) return 'duplicate';
  if (delta.seq === held.seq + 1) return 'apply';
  return 'gap';
}
