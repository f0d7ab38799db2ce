import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for PayPal's REST API, which the tests cannot reach: a real HTTP server answering in the shapes
 * PayPal documents (OAuth2 client credentials, Orders v2 create / show / capture, Payments v2 show capture,
 * the webhook certificate download) and enforcing what PayPal enforces: client credentials, a bearer token
 * it issued, `PayPal-Request-Id` idempotency on create and capture, a capture only of an approved order.
 */
export interface PayPalPeer {
  url: string;
  /** Every request as received, to check what the adapter sent. */
  requests: { method: string; path: string; headers: IncomingMessage['headers']; body: string }[];
  orders: Map<string, PeerOrder>;
  /** Captures by id, as GET /v2/payments/captures/{id} shows them. */
  captures: Map<string, PeerCapture>;
  /** PEM served at /v1/notifications/certs/{name}. */
  certificates: Map<string, string>;
  /** The buyer approves the order at PayPal. */
  approve(orderId: string): void;
  /** What the buyer's funding source says at the next capture. */
  captureOutcome: 'COMPLETED' | 'DECLINED';
  /** Token lifetime PayPal announces (seconds). */
  tokenLifetimeS: number;
  close(): Promise<void>;
}

interface PeerOrder {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  unit: { reference_id: string; custom_id: string; amount: { currency_code: string; value: string } };
  captureId?: string;
}

interface PeerCapture {
  id: string;
  status: 'COMPLETED' | 'DECLINED' | 'REFUNDED';
  amount: { currency_code: string; value: string };
  custom_id?: string;
  orderId: string;
}

const paypalId = () => randomBytes(9).toString('hex').toUpperCase().slice(0, 17);

export async function startPayPalPeer(credentials: {
  clientId: string;
  clientSecret: string;
}): Promise<PayPalPeer> {
  const tokens = new Set<string>();
  const byRequestId = new Map<string, { status: number; body: unknown }>();
  const peer: PayPalPeer = {
    url: '',
    requests: [],
    orders: new Map(),
    captures: new Map(),
    certificates: new Map(),
    captureOutcome: 'COMPLETED',
    tokenLifetimeS: 32_400,
    approve(orderId) {
      const order = peer.orders.get(orderId);
      if (order) order.status = 'APPROVED';
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const orderBody = (order: PeerOrder) => {
    const capture = order.captureId ? peer.captures.get(order.captureId) : undefined;
    return {
      id: order.id,
      intent: 'CAPTURE',
      status: order.status,
      purchase_units: [
        {
          ...order.unit,
          ...(capture
            ? {
                payments: {
                  captures: [
                    {
                      id: capture.id,
                      status: capture.status,
                      amount: capture.amount,
                      final_capture: true,
                      custom_id: capture.custom_id,
                      create_time: '2026-03-14T15:20:29Z',
                      update_time: '2026-03-14T15:20:29Z',
                    },
                  ],
                },
              }
            : {}),
        },
      ],
      links: [{ href: `${peer.url}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' }],
    };
  };

  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://peer');
    const path = url.pathname;
    peer.requests.push({ method: req.method ?? '', path, headers: req.headers, body });
    const json = (status: number, payload: unknown) => send(res, status, payload);
    const error = (status: number, name: string, issue?: string) =>
      json(status, {
        name,
        message: 'The requested action could not be performed.',
        debug_id: randomBytes(6).toString('hex'),
        ...(issue ? { details: [{ issue, description: issue }] } : {}),
      });

    if (req.method === 'POST' && path === '/v1/oauth2/token') {
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      const [id, secret] = Buffer.from(basic, 'base64').toString().split(':');
      if (id !== credentials.clientId || secret !== credentials.clientSecret) {
        return json(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      }
      if (new URLSearchParams(body).get('grant_type') !== 'client_credentials') {
        return json(400, { error: 'unsupported_grant_type' });
      }
      const accessToken = `A21AA${randomBytes(24).toString('base64url')}`;
      tokens.add(accessToken);
      return json(200, {
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: accessToken,
        token_type: 'Bearer',
        app_id: 'APP-80W284485P519543T',
        expires_in: peer.tokenLifetimeS,
        nonce: `2026-03-14T15:19:20Z${randomBytes(8).toString('hex')}`,
      });
    }

    const cert = /^\/v1\/notifications\/certs\/([\w-]+)$/.exec(path)?.[1];
    if (req.method === 'GET' && cert) {
      const pem = peer.certificates.get(cert);
      if (!pem) return error(404, 'RESOURCE_NOT_FOUND');
      res.writeHead(200, { 'content-type': 'application/x-pem-file' });
      return res.end(pem);
    }

    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!token || !tokens.has(token)) {
      return json(401, { error: 'invalid_token', error_description: 'Token signature verification failed' });
    }
    const requestId = req.headers['paypal-request-id'];

    if (req.method === 'POST' && path === '/v2/checkout/orders') {
      if (typeof requestId !== 'string') return error(400, 'INVALID_REQUEST', 'MISSING_REQUEST_ID');
      const replay = byRequestId.get(requestId);
      if (replay) return json(200, replay.body);
      const request = JSON.parse(body) as {
        intent: string;
        purchase_units: PeerOrder['unit'][];
        payment_source?: { paypal?: { experience_context?: { return_url?: string; cancel_url?: string } } };
      };
      const unit = request.purchase_units[0];
      const context = request.payment_source?.paypal?.experience_context;
      if (request.intent !== 'CAPTURE' || !unit || !context?.return_url || !context.cancel_url) {
        return error(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER');
      }
      const order: PeerOrder = { id: paypalId(), status: 'PAYER_ACTION_REQUIRED', unit };
      peer.orders.set(order.id, order);
      // return=minimal: id, status, links.
      const created = {
        id: order.id,
        status: order.status,
        payment_source: { paypal: {} },
        links: [
          { href: `${peer.url}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
          {
            href: `https://www.sandbox.paypal.com/checkoutnow?token=${order.id}`,
            rel: 'payer-action',
            method: 'GET',
          },
        ],
      };
      byRequestId.set(requestId, { status: 201, body: created });
      return json(201, created);
    }

    const capturePath = /^\/v2\/checkout\/orders\/(\w+)\/capture$/.exec(path);
    if (req.method === 'POST' && capturePath) {
      if (typeof requestId !== 'string') return error(400, 'INVALID_REQUEST', 'MISSING_REQUEST_ID');
      const replay = byRequestId.get(requestId);
      if (replay) return json(replay.status, replay.body);
      const order = peer.orders.get(capturePath[1] as string);
      if (!order) return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      if (order.status === 'COMPLETED') return error(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
      if (order.status !== 'APPROVED') return error(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
      const capture: PeerCapture = {
        id: paypalId(),
        status: peer.captureOutcome,
        amount: order.unit.amount,
        custom_id: order.unit.custom_id,
        orderId: order.id,
      };
      peer.captures.set(capture.id, capture);
      order.status = 'COMPLETED';
      order.captureId = capture.id;
      const answer = { status: 201, body: orderBody(order) };
      byRequestId.set(requestId, answer);
      return json(answer.status, answer.body);
    }

    const showOrder = /^\/v2\/checkout\/orders\/(\w+)$/.exec(path);
    if (req.method === 'GET' && showOrder) {
      const order = peer.orders.get(showOrder[1] as string);
      return order ? json(200, orderBody(order)) : error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    }

    const showCapture = /^\/v2\/payments\/captures\/(\w+)$/.exec(path);
    if (req.method === 'GET' && showCapture) {
      const capture = peer.captures.get(showCapture[1] as string);
      if (!capture) return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      return json(200, {
        id: capture.id,
        status: capture.status,
        amount: capture.amount,
        custom_id: capture.custom_id,
        final_capture: true,
        supplementary_data: { related_ids: { order_id: capture.orderId } },
        create_time: '2026-03-14T15:20:29Z',
        update_time: '2026-03-20T09:13:29Z',
      });
    }

    error(404, 'RESOURCE_NOT_FOUND');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  peer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return peer;
}

function send(res: ServerResponse, status: number, payload: unknown): void {
  res.writeHead(status, {
    'content-type': 'application/json',
    'paypal-debug-id': randomBytes(6).toString('hex'),
  });
  res.end(JSON.stringify(payload));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
