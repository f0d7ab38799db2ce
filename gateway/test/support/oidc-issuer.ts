import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

/** A person known to the test's identity provider: what its UserInfo tells about them. */
export interface IssuerAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
}

export interface TestIssuer {
  /** The issuer identifier, http://127.0.0.1:<port>: what GOOGLE_ISSUER points at. */
  issuer: string;
  /** The accounts that can sign in, by subject; the test adds and changes them. */
  accounts: Map<string, IssuerAccount>;
  /** Registers the one client, once the gateway's callback address is known. */
  registerClient(client: { clientId: string; clientSecret: string; redirectUri: string }): void;
  close(): Promise<void>;
}

/**
 * A real OpenID Provider (the npm `oidc-provider`) on 127.0.0.1, port 0. Its login and consent interaction
 * is a tiny API the test drives the way a person would click through a provider's pages:
 *
 *   GET  /interaction/:uid                  → { prompt } (what the provider asks for)
 *   POST /interaction/:uid/login?account=…  → signs in as that account and consents to the scopes asked
 *   POST /interaction/:uid/abort            → the person says no (error=access_denied back to the client)
 *
 * both finishing with a redirect back into the provider, which then redirects to the client's callback.
 */
export async function startTestIssuer(): Promise<TestIssuer> {
  const accounts = new Map<string, IssuerAccount>();
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server = createServer((req, res) => {
    if (handler) return handler(req, res);
    res.statusCode = 503;
    res.end('no client registered yet');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test-key' };

  return {
    issuer,
    accounts,
    registerClient({ clientId, clientSecret, redirectUri }) {
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uris: [redirectUri],
            grant_types: ['authorization_code'],
            response_types: ['code'],
            token_endpoint_auth_method: 'client_secret_basic',
          },
        ],
        jwks: { keys: [signingKey] },
        cookies: { keys: ['social-sign-in-test'] },
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
        // Every client must use PKCE here, so a flow that forgot it fails the test.
        pkce: { required: () => true },
        features: { devInteractions: { enabled: false } },
        ttl: {
          AuthorizationCode: 60,
          Interaction: 600,
          Session: 3600,
          Grant: 3600,
          AccessToken: 600,
          IdToken: 600,
        },
        interactions: {
          url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
        },
        findAccount: (_ctx: unknown, sub: string) => {
          const account = accounts.get(sub);
          return account ? { accountId: sub, claims: () => ({ sub, ...account }) } : undefined;
        },
      });
      const oidc = provider.callback();
      handler = (req, res) => {
        const match = /^\/interaction\/([^/?]+)(?:\/(login|abort))?/.exec(req.url ?? '');
        if (!match) return oidc(req, res);
        void interaction(provider, req, res, match[2]).catch((err: unknown) => {
          res.statusCode = 500;
          res.end(String(err));
        });
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function interaction(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  action: string | undefined,
): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  if (req.method === 'GET' && !action) {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ prompt: details.prompt.name }));
    return;
  }
  if (req.method === 'POST' && action === 'abort') {
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'End-User aborted interaction' },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  if (req.method === 'POST' && action === 'login') {
    const accountId = new URL(req.url ?? '', 'http://issuer.invalid').searchParams.get('account') ?? '';
    // Sign-in and consent in one step: the grant covers every scope the client asked for.
    const grant = new provider.Grant({ accountId, clientId: details.params.client_id });
    grant.addOIDCScope(details.params.scope ?? 'openid');
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } });
    return;
  }
  res.statusCode = 405;
  res.end();
}
