import * as oidc from 'openid-client';
import type { z } from 'zod';
import { PitchsideError } from '@pitchside/shared/errors';

/**
 * GET on a provider's profile API with the user's access token (openid-client adds the bearer header and
 * applies the configuration's timeout and TLS rule), parsed with the answer's schema.
 */
export async function fetchProfileJson<S extends z.ZodType>(
  config: oidc.Configuration,
  accessToken: string,
  url: URL,
  schema: S,
  headers: Record<string, string> = {},
): Promise<z.infer<S>> {
  const response = await oidc.fetchProtectedResource(
    config,
    accessToken,
    url,
    'GET',
    undefined,
    new Headers({ accept: 'application/json', ...headers }),
  );
  if (!response.ok) {
    throw new PitchsideError(
      'auth:provider-failed',
      `profile call ${url.pathname} answered ${response.status}`,
    );
  }
  const parsed = schema.safeParse(await response.json());
  if (!parsed.success) {
    throw new PitchsideError(
      'auth:provider-failed',
      `profile call ${url.pathname} answered an unexpected shape`,
    );
  }
  return parsed.data;
}
