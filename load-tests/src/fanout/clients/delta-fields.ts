/**
 * `seq` and `at` read off a delta's JSON without parsing the rest: the viewers must cost their
 * core less per delivery than the server spends on it, or the benchmark measures the clients.
 * Safe for MatchDelta: no key inside `changes` is named `seq` or `at`, and ids cannot hold quotes.
 * The fleet still parses and validates the first copy of every seq in full.
 * (Plain loops, no closures: this runs once per delivery, 10,000 times per delta.)
 */
export interface DeltaFields {
  seq: number;
  at: number;
}

const SEQ_KEY = '"seq":';
const AT_KEY = '"at":';
const SEQ_KEY_BYTES = Buffer.from(SEQ_KEY);
const AT_KEY_BYTES = Buffer.from(AT_KEY);

function digitsOfText(s: string, from: number): number {
  let n = Number.NaN;
  for (let i = from; i < s.length; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) break;
    n = (Number.isNaN(n) ? 0 : n * 10) + d;
  }
  return n;
}

function digitsOfBytes(buf: Buffer, from: number, end: number): number {
  let n = Number.NaN;
  for (let i = from; i < end; i++) {
    const d = (buf[i] ?? 0) - 48;
    if (d < 0 || d > 9) break;
    n = (Number.isNaN(n) ? 0 : n * 10) + d;
  }
  return n;
}

export function deltaFieldsOfText(json: string): DeltaFields | null {
  const s = json.indexOf(SEQ_KEY);
  const a = json.indexOf(AT_KEY);
  if (s < 0 || a < 0) return null;
  const seq = digitsOfText(json, s + SEQ_KEY.length);
  const at = digitsOfText(json, a + AT_KEY.length);
  return Number.isNaN(seq) || Number.isNaN(at) ? null : { seq, at };
}

/** The same, on buf[start, end) as it came off the socket. */
export function deltaFieldsOfBytes(buf: Buffer, start: number, end: number): DeltaFields | null {
  const s = buf.indexOf(SEQ_KEY_BYTES, start);
  const a = buf.indexOf(AT_KEY_BYTES, start);
  if (s < 0 || a < 0 || s >= end || a >= end) return null;
  const seq = digitsOfBytes(buf, s + SEQ_KEY_BYTES.length, end);
  const at = digitsOfBytes(buf, a + AT_KEY_BYTES.length, end);
  return Number.isNaN(seq) || Number.isNaN(at) ? null : { seq, at };
}
