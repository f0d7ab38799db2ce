/** The contact form's two calls: the signed page-load token (in the loader) and sending a message. */
import type { ContactField } from '@pitchside/shared/contact/constants';
import type { ErrorBody } from '@pitchside/shared/errors';
import { lazyParser } from '../../../lib/envelope.ts';
import type { ApiClient } from '../../../lib/api.ts';

const tokenParser = lazyParser(
  () => import('@pitchside/shared/contact'),
  (m) => m.ContactTokenSchema,
);

/** The token of this page load, or null when the API cannot be reached (the form still posts; see routes). */
export async function loadContactToken(api: ApiClient, signal?: AbortSignal): Promise<string | null> {
  const answer = await api.get('/contact/token', tokenParser, signal);
  return 'data' in answer ? answer.data.token : null;
}

export interface ContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
  language: string;
  token: string;
  website: string;
}

export type SendResult =
  | { kind: 'sent' }
  | { kind: 'invalid'; issues: { field: ContactField; code: string | undefined }[] }
  | { kind: 'failed'; code: ErrorBody['code']; retryAfterS: number | null };

/** POST /api/contact with JSON: the answer as the form shows it. */
export async function sendContactMessage(message: ContactMessage): Promise<SendResult> {
  let response: Response;
  try {
    response = await fetch('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(message),
    });
  } catch {
    return { kind: 'failed', code: 'server:unavailable', retryAfterS: null };
  }
  if (response.ok) return { kind: 'sent' };
  const body = (await response.json().catch(() => null)) as { error?: ErrorBody } | null;
  const error = body?.error;
  if (error?.code === 'request:invalid' && error.issues?.length)
    return { kind: 'invalid', issues: readIssues(error.issues) };
  const retry = Number(response.headers.get('retry-after'));
  return {
    kind: 'failed',
    code: error?.code ?? 'server:internal',
    retryAfterS: Number.isFinite(retry) && retry > 0 ? retry : null,
  };
}

const FIELDS: readonly string[] = ['name', 'email', 'subject', 'message'];

export const readIssues = (issues: { path: string; code?: string | undefined }[]) =>
  issues.filter((i) => FIELDS.includes(i.path)).map((i) => ({ field: i.path as ContactField, code: i.code }));
