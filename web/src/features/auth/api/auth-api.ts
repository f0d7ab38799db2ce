import {
  AccountSessionSchema,
  AdminUserSchema,
  AuthProvidersSchema,
  AuthUserSchema,
  DEFAULT_PASSWORD_POLICY,
  LoginDataSchema,
  type AccountSession,
  type AdminUser,
  type AuthUser,
  type LoginData,
  type PasswordPolicy,
  type SocialProvider,
} from '@pitchside/shared/auth';
import { z } from 'zod';
import type { ApiClient } from '../../../lib/api.ts';
import type { Parser } from '../../../lib/envelope.ts';
import { authFetch } from '../../../lib/session/auth-fetch.ts';

/**
 * The accounts REST calls the pages make (shared/src/auth/schemas.ts has the contract), answers checked
 * with the shared schemas. Only the account pages import this, so zod and the schemas load with them.
 */
const post = <T>(path: string, body: unknown, parser?: Parser<T>) =>
  authFetch.request<T>(path, { method: 'POST', body, ...(parser ? { parser } : {}) });

export const login = (body: { email: string; password: string }): Promise<LoginData> =>
  post('/auth/login', body, LoginDataSchema);

export const adminLogin = (body: { email: string; password: string }): Promise<LoginData> =>
  post('/admin/login', body, LoginDataSchema);

/** 202 whether or not the address has an account (its owner gets a mail): no session, sign in next. */
export const register = (body: {
  email: string;
  password: string;
  displayName?: string;
  language: string;
}): Promise<void> => post('/auth/register', body);

export const exchangeSocialCode = (code: string): Promise<LoginData> =>
  post('/auth/social/exchange', { code }, LoginDataSchema);

/** 202 whether or not the account exists. */
export const forgotPassword = (body: { email: string; language: string }): Promise<void> =>
  post('/auth/forgot-password', body);

export const resetPassword = (body: { token: string; password: string }): Promise<void> =>
  post('/auth/reset-password', body);

export const getAccount = (): Promise<AuthUser> => authFetch.request('/account', { parser: AuthUserSchema });

export const updateAccount = (body: {
  displayName?: string | null;
  photoURL?: string | null;
}): Promise<AuthUser> => authFetch.request('/account', { method: 'PATCH', body, parser: AuthUserSchema });

export const changePassword = (body: { currentPassword?: string; newPassword: string }): Promise<void> =>
  post('/account/password', body);

const SessionsSchema = z.array(AccountSessionSchema);
export const listSessions = (): Promise<AccountSession[]> =>
  authFetch.request('/account/sessions', { parser: SessionsSchema });

export const revokeSession = (id: string): Promise<void> =>
  authFetch.request(`/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Every session of the user, this one too. */
export const signOutEverywhere = (): Promise<void> => post('/auth/logout-all', undefined);

/** Deleting takes the user's data with it: a long call. */
export const deleteAccount = (body: { password?: string }): Promise<void> =>
  authFetch.request('/account', { method: 'DELETE', body, long: true });

const AdminUsersSchema = z.object({ users: z.array(AdminUserSchema), total: z.number().int() });
export const listUsers = (query: string): Promise<{ users: AdminUser[]; total: number }> =>
  authFetch.request(`/admin/users?${new URLSearchParams(query ? { query } : {})}`, {
    parser: AdminUsersSchema,
  });

// --- Read by loaders, on the server and in the browser -----------------------------------------------

const PasswordPolicySchema = z.object({
  minLength: z.number().int().min(0),
  maxLength: z.number().int().positive().optional(),
  requireLowercase: z.boolean(),
  requireUppercase: z.boolean(),
  requireDigit: z.boolean(),
  requireNonAlphanumeric: z.boolean(),
}) satisfies Parser<PasswordPolicy>;

/** The gateway's policy; the spec's default when it cannot be read (the gateway checks again anyway). */
export async function loadPasswordPolicy(api: ApiClient): Promise<PasswordPolicy> {
  const answer = await api.get('/auth/password-policy', PasswordPolicySchema);
  return 'data' in answer ? answer.data : DEFAULT_PASSWORD_POLICY;
}

/** The social providers this gateway has configured, in display order; none when it cannot say. */
export async function loadProviders(api: ApiClient): Promise<{ id: SocialProvider; name: string }[]> {
  const answer = await api.get('/auth/providers', AuthProvidersSchema);
  return 'data' in answer ? answer.data : [];
}
