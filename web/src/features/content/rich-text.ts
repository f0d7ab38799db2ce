/**
 * Translated texts carry their links as named tags, `<faq>our FAQ</faq>` or `<support/>`, so a translator
 * moves a link with the words around it instead of splitting a sentence into fragments. Tags never nest;
 * anything that is not a tag stays text (nothing here is ever parsed as HTML).
 */
export type RichPart = string | { tag: string; inner: string | null };

const TAG = /<([a-zA-Z]+)\s*\/>|<([a-zA-Z]+)>(.*?)<\/\2>/gs;

export function parseRich(text: string): RichPart[] {
  const parts: RichPart[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const at = match.index;
    if (at > last) parts.push(text.slice(last, at));
    parts.push(match[1] ? { tag: match[1], inner: null } : { tag: match[2]!, inner: match[3]! });
    last = at + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** The tag names a text uses, in order: translations must keep the same ones as English. */
export const richTags = (text: string): string[] =>
  parseRich(text).flatMap((part) =>
    typeof part === 'string' ? [] : [part.inner === null ? `${part.tag}/` : part.tag],
  );

/**
 * The text as a reader would see it without links (for JSON-LD answers and other plain-text outputs):
 * a wrapping tag keeps its words, a self-closing one becomes `selfClosing[tag]` (e.g. an e-mail address).
 */
export const plainText = (text: string, selfClosing: Record<string, string> = {}): string =>
  parseRich(text)
    .map((part) => (typeof part === 'string' ? part : (part.inner ?? selfClosing[part.tag] ?? '')))
    .join('');
