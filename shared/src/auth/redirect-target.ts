/**
 * SPEC 5: a redirect target is stored only if it is a relative path starting with a slash. "Relative" is
 * read strictly, as a security reviewer would: the target must stay on this site once a browser resolves
 * it, so protocol-relative `//host`, backslashes (browsers read `/\host` as `//host`), encoded slashes and
 * backslashes, schemes and control characters are all refused.
 */
export function isSafeRedirectTarget(target: unknown): target is string {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2048) return false;
  if (!target.startsWith('/')) return false;
  if (target.startsWith('//')) return false;
  if (target.includes('\\')) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(target)) return false;
  if (/%(2f|5c|00|0a|0d|09)/i.test(target)) return false;
  // A decoded form that would change the verdict (double encoding) is refused too.
  let decoded: string;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    return false;
  }
  if (decoded !== target && !isSafeRedirectTarget(decoded)) return false;
  // Last word to the URL parser: resolved against a placeholder origin it must stay there.
  try {
    return new URL(target, 'https://pitchside.invalid').origin === 'https://pitchside.invalid';
  } catch {
    return false;
  }
}
