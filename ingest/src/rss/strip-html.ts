import { decodeHTMLStrict } from 'entities';

/**
 * Feed text as plain text: tags out, entities decoded, whitespace collapsed.
 *
 * Feeds escape their HTML (`&lt;p&gt;`, the Guardian) or wrap it in CDATA (`<![CDATA[<p>…]]>`, the BBC);
 * the XML parser undoes one layer. What is left is HTML whose entities are often escaped once more than
 * they should be (`&amp;rsquo;` in the Guardian's descriptions, `&amp;eacute;` inside CDATA): so we decode
 * before stripping (escaped tags become tags) and again after (the entities inside the HTML).
 *
 * Decoding is strict, every reference ends with ";": the legacy forms HTML allows without one would turn
 * "Q&notes" into "Q¬es" and "AT&T&copy" into a copyright sign, and no feed writes them on purpose.
 */
export function stripHtml(text: string): string {
  return decodeHTMLStrict(
    decodeHTMLStrict(text)
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<\/?(p|div|br|li|ul|ol|h[1-6]|blockquote|figure|figcaption|tr|table)\b[^>]*>/gi, ' ')
      .replace(/<[^>]+>/g, ''),
  )
    .replace(/\s+/g, ' ')
    .trim();
}
