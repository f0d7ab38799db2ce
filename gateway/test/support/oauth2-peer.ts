import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OAuth2PeerOptions {
  clientId: string;
  clientSecret: string;
  /** How the provider wants the client secret: in the form body (GitHub, Facebook) or HTTP Basic (X). */
  clientAuth: 'post' | 'basic';
  authorizePath: string;
  tokenPath: string;
}

export interface OAuth2Peer {
  url: string;
  /** What the person signed in at the provider answers when asked to share their profile. */
  decision: 'approve' | 'deny';
  /** The profile API's answers by path (`/user`, `/user/emails`, `/me`, `/2/users/me`). */
  resources: Map<string, unknown>;
  /** Profile calls as received, to check what the client sent. */
  profileCalls: URL[];
  close(): Promise<void>;
}

/**
 * A stand-in for GitHub, Facebook or X, which the test cannot reach: a real HTTP server answering in their
 * shapes and enforcing what they enforce (client credentials, single-use codes, the same redirect_uri, a
 * PKCE verifier matching the S256 challenge, a bearer token on profile calls).
 */
export async function startOAuth2Peer(options: OAuth2PeerOptions): Promise<OAuth2Peer> {
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const tokens = new Set<string>();
  const peer: OAuth2Peer = {
    url: '',
    decision: 'approve',
    resources: new Map(),
    profileCalls: [],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', peer.url);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const redirect = (location: URL) => {
      res.writeHead(302, { location: location.href });
      res.end();
    };

    if (req.method === 'GET' && url.pathname === options.authorizePath) {
      const q = url.searchParams;
      const redirectUri = q.get('redirect_uri') ?? '';
      const challenge = q.get('code_challenge');
      if (q.get('client_id') !== options.clientId || q.get('response_type') !== 'code' || !redirectUri) {
        return json(400, { error: 'invalid_request' });
      }
      if (!challenge || q.get('code_challenge_method') !== 'S256')
        return json(400, { error: 'invalid_request' });
      const back = new URL(redirectUri);
      if (q.has('state')) back.searchParams.set('state', q.get('state') ?? '');
      if (peer.decision === 'deny') {
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('error_description', 'The user has denied your application access.');
        return redirect(back);
      }
      const code = randomBytes(16).toString('hex');
      codes.set(code, { challenge, redirectUri });
      back.searchParams.set('code', code);
      return redirect(back);
    }

    if (req.method === 'POST' && url.pathname === options.tokenPath) {
      const form = new URLSearchParams(await body(req));
      const [id, secret] =
        options.clientAuth === 'basic'
          ? basicCredentials(req.headers.authorization)
          : [form.get('client_id'), form.get('client_secret')];
      if (id !== options.clientId || secret !== options.clientSecret)
        return json(401, { error: 'invalid_client' });
      const code = form.get('code') ?? '';
      const issued = codes.get(code);
      codes.delete(code);
      const verifier = form.get('code_verifier') ?? '';
      const expected = createHash('sha256').update(verifier).digest('base64url');
      if (
        form.get('grant_type') !== 'authorization_code' ||
        !issued ||
        issued.redirectUri !== form.get('redirect_uri') ||
        issued.challenge !== expected
      ) {
        return json(400, { error: 'invalid_grant' });
      }
      const accessToken = randomBytes(16).toString('hex');
      tokens.add(accessToken);
      return json(200, { access_token: accessToken, token_type: 'bearer', scope: 'read:user,user:email' });
    }

    if (req.method === 'GET' && peer.resources.has(url.pathname)) {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!token || !tokens.has(token)) return json(401, { message: 'Bad credentials' });
      peer.profileCalls.push(url);
      return json(200, peer.resources.get(url.pathname));
    }
    json(404, { message: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  peer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return peer;
}

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** RFC 6749 2.3.1: id and secret are form-encoded before they are joined and base64-encoded. */
function basicCredentials(header: string | undefined): [string | null, string | null] {
  const encoded = /^Basic (.+)$/.exec(header ?? '')?.[1];
  if (!encoded) return [null, null];
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const unform = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
  return [unform(decoded.slice(0, colon)), unform(decoded.slice(colon + 1))];
}
