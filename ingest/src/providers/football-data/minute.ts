/** A v4 minute: 67, "67", or "45+2" (stoppage written into the minute). Null when absent or unreadable. */
export function parseMinute(
  value: number | string | null | undefined,
): { minute: number; stoppage: number | null } | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number')
    return Number.isInteger(value) && value >= 0 ? { minute: value, stoppage: null } : null;
  const match = /^\s*(\d+)\s*(?:\+\s*(\d+))?\s*'?\s*$/.exec(value);
  if (!match?.[1]) return null;
  return { minute: Number(match[1]), stoppage: match[2] ? Number(match[2]) : null };
}
