import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Stripe's API, which the tests cannot reach: a real HTTP server answering Checkout Session
 * create, retrieve (with `expand[]=payment_intent.latest_charge`) and list-by-payment-intent in the object
 * shapes Stripe documents, enforcing a secret key, form-encoded bodies and `Idempotency-Key` semantics
 * (the same key with the same parameters answers the first result; with other parameters, an
 * idempotency_error).
 */
export interface StripePeer {
  url: string;
  requests: { method: string; path: string; headers: IncomingMessage['headers']; form: URLSearchParams }[];
  sessions: Map<string, PeerSession>;
  /** The buyer pays on Stripe's page (or, with a delayed method, submits it unpaid). */
  complete(sessionId: string, paid?: boolean): void;
  expire(sessionId: string): void;
  refund(sessionId: string): void;
  close(): Promise<void>;
}

interface PeerSession {
  id: string;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid';
  amount: number;
  currency: string;
  orderId: string;
  clientReferenceId: string;
  paymentIntent?: string;
  refunded: boolean;
  created: number;
}

const stripeId = (prefix: string) =>
  `${prefix}_test_${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x')}`;

export async function startStripePeer(secretKey: string): Promise<StripePeer> {
  const idempotent = new Map<string, { params: string; body: unknown }>();
  const peer: StripePeer = {
    url: '',
    requests: [],
    sessions: new Map(),
    complete(sessionId, paid = true) {
      const session = peer.sessions.get(sessionId);
      if (!session) return;
      session.status = 'complete';
      session.paymentStatus = paid ? 'paid' : 'unpaid';
      session.paymentIntent = `pi_${randomBytes(12).toString('hex')}`;
    },
    expire(sessionId) {
      const session = peer.sessions.get(sessionId);
      if (session) session.status = 'expired';
    },
    refund(sessionId) {
      const session = peer.sessions.get(sessionId);
      if (session) session.refunded = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const charge = (s: PeerSession) => ({
    id: `ch_${s.paymentIntent?.slice(3)}`,
    object: 'charge',
    amount: s.amount,
    amount_captured: s.amount,
    amount_refunded: s.refunded ? s.amount : 0,
    currency: s.currency,
    refunded: s.refunded,
    paid: true,
    payment_intent: s.paymentIntent,
    metadata: { order_id: s.orderId },
    created: s.created,
    status: 'succeeded',
  });

  const sessionBody = (s: PeerSession, expand: string[]) => ({
    id: s.id,
    object: 'checkout.session',
    amount_subtotal: s.amount,
    amount_total: s.amount,
    client_reference_id: s.clientReferenceId,
    created: s.created,
    currency: s.currency,
    expires_at: s.created + 24 * 3600,
    livemode: false,
    metadata: { order_id: s.orderId },
    mode: 'payment',
    payment_intent:
      s.paymentIntent && expand.includes('payment_intent.latest_charge')
        ? {
            id: s.paymentIntent,
            object: 'payment_intent',
            amount: s.amount,
            status: s.paymentStatus === 'paid' ? 'succeeded' : 'processing',
            latest_charge: s.paymentStatus === 'paid' ? charge(s) : null,
          }
        : (s.paymentIntent ?? null),
    payment_status: s.paymentStatus,
    status: s.status,
    url:
      s.status === 'open' ? `https://checkout.stripe.com/c/pay/${s.id}#fidkdWxOYHwnPyd1blpxYHZxWjA0` : null,
  });

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://peer');
    const form = new URLSearchParams(req.method === 'GET' ? url.search : raw);
    peer.requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, form });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${randomBytes(7).toString('hex')}`,
      });
      res.end(JSON.stringify(body));
    };
    const error = (status: number, type: string, code: string, message: string) =>
      json(status, { error: { type, code, message } });

    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return error(401, 'invalid_request_error', 'api_key_invalid', 'Invalid API Key provided');
    }

    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      if (req.headers['content-type'] !== 'application/x-www-form-urlencoded') {
        return error(400, 'invalid_request_error', 'parameter_unknown', 'Expected a form-encoded body');
      }
      const key = req.headers['idempotency-key'];
      if (typeof key === 'string') {
        const seen = idempotent.get(key);
        if (seen && seen.params !== raw) {
          return error(
            400,
            'idempotency_error',
            'idempotency_key_in_use',
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          );
        }
        if (seen) return json(200, seen.body);
      }
      const required = [
        'mode',
        'success_url',
        'line_items[0][price_data][currency]',
        'line_items[0][price_data][unit_amount]',
      ];
      const missing = required.find((name) => !form.get(name));
      if (missing)
        return error(
          400,
          'invalid_request_error',
          'parameter_missing',
          `Missing required param: ${missing}.`,
        );
      const session: PeerSession = {
        id: stripeId('cs'),
        status: 'open',
        paymentStatus: 'unpaid',
        amount: Number(form.get('line_items[0][price_data][unit_amount]')),
        currency: form.get('line_items[0][price_data][currency]') ?? '',
        orderId: form.get('metadata[order_id]') ?? '',
        clientReferenceId: form.get('client_reference_id') ?? '',
        refunded: false,
        created: Math.floor(Date.now() / 1000),
      };
      peer.sessions.set(session.id, session);
      const body = sessionBody(session, []);
      if (typeof key === 'string') idempotent.set(key, { params: raw, body });
      return json(200, body);
    }

    if (req.method === 'GET' && url.pathname === '/v1/checkout/sessions') {
      const intent = url.searchParams.get('payment_intent');
      const data = [...peer.sessions.values()]
        .filter((s) => s.paymentIntent === intent)
        .map((s) => sessionBody(s, []));
      return json(200, { object: 'list', data, has_more: false, url: '/v1/checkout/sessions' });
    }

    const retrieve = /^\/v1\/checkout\/sessions\/(cs_\w+)$/.exec(url.pathname);
    if (req.method === 'GET' && retrieve) {
      const session = peer.sessions.get(retrieve[1] as string);
      if (!session) {
        return error(
          404,
          'invalid_request_error',
          'resource_missing',
          `No such checkout.session: '${retrieve[1]}'`,
        );
      }
      return json(200, sessionBody(session, url.searchParams.getAll('expand[]')));
    }

    error(404, 'invalid_request_error', 'resource_missing', 'Unrecognized request URL');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  peer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return peer;
}
