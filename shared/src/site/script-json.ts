/**
 * JSON to put inside a `<script>` element (`type="application/json"` data blocks, JSON-LD): the same
 * JSON.parse() result, but no character that HTML reads inside the element. A value holding `</script>`
 * cannot close the element early, `<!--` cannot start a comment (which changes how the end tag is found),
 * and `&` stays inert where an HTML parser would see it. U+2028 and U+2029 are escaped too: valid in JSON,
 * they end a line in JavaScript before ES2019, so the output is also safe where it is read as a script.
 *
 * Our own five lines rather than a library: serialize-javascript serializes JavaScript (functions, regular
 * expressions, a random placeholder scheme) and would ship that into the browser, where JSON-LD renders on
 * hydration; htmlescape does exactly this but has not been released since 2016.
 */
const UNSAFE = /[<>&\u2028\u2029]/g;
const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE, (c) => ESCAPES[c]!);
}
