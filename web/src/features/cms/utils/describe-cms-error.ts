/**
 * What a failed CMS call means for the form that made it: one message for the whole form (by the error's
 * stable code, in the operator's language) and one per field, keyed by the field's full path in the body
 * as the gateway names it in `issues[].path` ('title', 'video.url', 'schedule.2.endsAt'). An issue carries
 * zod's code (too_small, invalid_format...) or one of ours (content:invalid-video); a code nobody has
 * written a message for yet falls back to a generic line rather than showing an English server text.
 */
export interface CmsError {
  code: string;
  message: string;
  fields: Record<string, string>;
}

interface ErrorLike {
  code?: unknown;
  issues?: { path?: unknown; message?: unknown; code?: unknown }[];
}

/** A translate function loose enough for keys built at run time (`codes.content.invalid-video`). */
export type Translate = (key: string, options?: { defaultValue?: string }) => string;

/** Where an error without issues belongs when the form has that field (a video host the site refuses). */
const FIELD_OF_CODE: Record<string, readonly string[]> = {
  'content:invalid-video': ['video.url', 'hls'],
  'content:exists': ['id', 'slug'],
  'plan:exists': ['id'],
  'deal:exists': ['code'],
};

export function codeMessage(t: Translate, code: string): string {
  const [area, what] = code.split(':');
  const message = area && what ? t(`codes.${area}.${what}`, { defaultValue: '' }) : '';
  return message || t('codes.generic');
}

function issueMessage(t: Translate, code: unknown): string {
  if (typeof code !== 'string') return t('issues.custom');
  if (code.includes(':')) return codeMessage(t, code);
  return t(`issues.${code}`, { defaultValue: '' }) || t('issues.custom');
}

export function describeCmsError(t: Translate, error: unknown, fieldNames: readonly string[] = []): CmsError {
  const { code, issues } = (error ?? {}) as ErrorLike;
  const known = typeof code === 'string' ? code : 'server:internal';
  const fields: Record<string, string> = {};
  for (const issue of Array.isArray(issues) ? issues : []) {
    const path = typeof issue.path === 'string' && issue.path !== '' ? issue.path : 'form';
    fields[path] ??= issueMessage(t, issue.code);
  }
  if (Object.keys(fields).length === 0) {
    const field = FIELD_OF_CODE[known]?.find((name) => fieldNames.includes(name));
    if (field) fields[field] = codeMessage(t, known);
  }
  return { code: known, message: codeMessage(t, known), fields };
}
