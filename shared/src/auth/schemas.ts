import { z } from 'zod';
import { PASSWORD_HARD_MAX_LENGTH } from './password-policy.ts';

/**
 * The accounts REST contract (SPEC 3, 7; issue 4), declared once: the gateway parses bodies with these
 * schemas and the web sends and reads the same types. Every answer is `{ data }` or `{ error }` with a code
 * from '@pitchside/shared/errors. Paths are below /api.
 */

/** Social providers (SPEC 3): each appears only when the gateway has its client configured. */
export const SOCIAL_PROVIDERS = ['google', 'github', 'facebook', 'twitter'] as const;
export const SocialProviderSchema = z.enum(SOCIAL_PROVIDERS);
export type SocialProvider = z.infer<typeof SocialProviderSchema>;
/** How a user signs in: a password, or one of the social providers. */
export type ProviderId = 'password' | SocialProvider;

/** Scopes a user may carry (SPEC 6: a scope check reads a 'scope' field on the user). */
export const SCOPES = ['admin'] as const;
export const ScopeSchema = z.enum(SCOPES);
export type Scope = z.infer<typeof ScopeSchema>;

export const EmailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email())
  .transform((e) => e.toLowerCase());
/** The policy (checkPassword) is applied on top; this only bounds the input. */
export const PasswordInputSchema = z
  .string()
  .min(1)
  .max(PASSWORD_HARD_MAX_LENGTH * 4);
export const DisplayNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(80)
  // eslint-disable-next-line no-control-regex
  .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), 'must not contain control characters');

/** The identity-provider user (SPEC 3), plus our own `scope`. Dates are ISO 8601 strings. */
export const AuthUserSchema = z.object({
  uid: z.string(),
  displayName: z.string().nullable(),
  photoURL: z.string().nullable(),
  /** Null for an account made by a provider that shared no address (SocialProfile.email), as in Firebase's User. */
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  phoneNumber: z.string().nullable(),
  tenantId: z.string().nullable(),
  isAnonymous: z.boolean(),
  providerData: z.array(
    z.object({
      providerId: z.enum(['password', ...SOCIAL_PROVIDERS]),
      uid: z.string(),
      displayName: z.string().nullable(),
      email: z.string().nullable(),
      photoURL: z.string().nullable(),
    }),
  ),
  metadata: z.object({ creationTime: z.string(), lastSignInTime: z.string().nullable() }),
  scope: z.array(z.string()),
  /** Whether the account has a password (a social-only account has none until it sets one). */
  hasPassword: z.boolean(),
});
export type AuthUser = z.infer<typeof AuthUserSchema>;

/** Lifetimes are in seconds from the moment the answer was sent (SPEC 9). */
export const TokenPairSchema = z.object({
  token_type: z.literal('Bearer'),
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number().int().positive(),
  refresh_expires_in: z.number().int().positive(),
});
export type TokenPair = z.infer<typeof TokenPairSchema>;

/** The login answer's `data` (SPEC 3): the user object itself, with the tokens at `data.token`. */
export const LoginDataSchema = AuthUserSchema.extend({ token: TokenPairSchema });
export type LoginData = z.infer<typeof LoginDataSchema>;

// --- Request bodies -------------------------------------------------------------------------------

/** POST /auth/login → 200 LoginData. Wrong e-mail or password are one answer: 401 auth:invalid-credential. */
export const LoginBodySchema = z.object({ email: EmailSchema, password: PasswordInputSchema });
/** POST /auth/register → 202 `{ data: null }` for a new or a taken address alike (a verification mail, or a mail to the owner); the client signs in next. */
export const RegisterBodySchema = z.object({
  email: EmailSchema,
  password: PasswordInputSchema,
  displayName: DisplayNameSchema.optional(),
  /** The language the mails are written in. */
  language: z.string().length(2).optional(),
});
/** POST /auth/refresh-token → 200 LoginData with a new pair; the old refresh token is spent. */
export const RefreshBodySchema = z.object({ refresh_token: z.string().min(1).max(4096) });
/** POST /auth/logout (bearer) → 204. POST /auth/logout-all (bearer) → 204: every session of the user. */
/** POST /auth/forgot-password → 202 whether or not the account exists; mails a link to /{lang}/auth/reset-password?token=… */
export const ForgotPasswordBodySchema = z.object({
  email: EmailSchema,
  language: z.string().length(2).optional(),
});
/** POST /auth/reset-password → 204; every session of the user ends. Spent or old token: 400 auth:expired-action-code. */
export const ResetPasswordBodySchema = z.object({
  token: z.string().min(1).max(512),
  password: PasswordInputSchema,
});
/** POST /auth/verify-email → 204. */
export const VerifyEmailBodySchema = z.object({ token: z.string().min(1).max(512) });
/** POST /auth/social/exchange → 200 LoginData: the one-time code the social callback put in the page address. */
export const SocialExchangeBodySchema = z.object({ code: z.string().min(1).max(512) });

/** GET /account → AuthUser. PATCH /account → AuthUser. */
export const UpdateAccountBodySchema = z
  .object({
    displayName: DisplayNameSchema.nullable().optional(),
    photoURL: z
      .url({ protocol: /^https$/ })
      .max(2048)
      .nullable()
      .optional(),
  })
  .strict();
/** POST /account/password → 204; other sessions end, this one stays. A social-only account sets its first password without `currentPassword`. */
export const ChangePasswordBodySchema = z.object({
  currentPassword: PasswordInputSchema.optional(),
  newPassword: PasswordInputSchema,
});
/** DELETE /account → 204: the user and everything of theirs. Needs the password, or a sign-in in the last 5 minutes for a social-only account (else 403 auth:requires-recent-login). */
export const DeleteAccountBodySchema = z.object({ password: PasswordInputSchema.optional() });

/** GET /account/sessions → AccountSession[]; DELETE /account/sessions/:id → 204; DELETE /account/sessions → 204 (everywhere, this one too). */
export const AccountSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  userAgent: z.string().nullable(),
  /** The address it was last used from, as the gateway saw it. */
  ip: z.string().nullable(),
  provider: z.enum(['password', ...SOCIAL_PROVIDERS]),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSessionSchema>;

/** GET /auth/providers → the social providers configured on this gateway, in display order. */
export const AuthProvidersSchema = z.array(z.object({ id: SocialProviderSchema, name: z.string() }));

/**
 * Social sign-in is a full-page round trip: GET /auth/social/:provider/start?redirect=/de/account&lang=de
 * → 302 to the provider → GET /auth/social/:provider/callback → 302 to /{lang}/login?social_code=…
 * (or ?social_error=<code>), and the login page exchanges the code for LoginData. Tokens never travel in a URL.
 */
export const SocialStartQuerySchema = z.object({
  redirect: z.string().max(2048).optional(),
  lang: z.string().length(2).optional(),
});

/** POST /admin/login → LoginData for a user with the `admin` scope; anyone else: 403 auth:forbidden. */
/** GET /admin/users?query=&offset=&limit= → { users: AuthUser & { disabled } [], total } (admin scope). */
export const AdminUserSchema = AuthUserSchema.extend({ disabled: z.boolean() });
export type AdminUser = z.infer<typeof AdminUserSchema>;
export const AdminUsersQuerySchema = z.object({
  query: z.string().max(254).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
/** PATCH /admin/users/:uid → AdminUser. Disabling a user ends their sessions at once. */
export const AdminUpdateUserBodySchema = z
  .object({ disabled: z.boolean().optional(), scope: z.array(ScopeSchema).optional() })
  .strict();
