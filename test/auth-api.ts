import { LoginDataSchema, type LoginData } from '@pitchside/shared/auth';

export interface ApiAnswer<T = unknown> {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or null for an empty one. */
  body: {
    data?: T;
    error?: { code: string; message: string; issues?: { path: string; message: string; code?: string }[] };
  } | null;
}

/** A small JSON client for /api, as the website calls it: JSON bodies, a bearer token when given. */
export function apiClient(baseUrl: string, defaults: { userAgent?: string } = {}) {
  const call = async <T = unknown>(
    method: string,
    path: string,
    options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
  ): Promise<ApiAnswer<T>> => {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (defaults.userAgent) headers['user-agent'] = defaults.userAgent;
    const res = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
  };
  const login = async (email: string, password: string, path = '/auth/login'): Promise<LoginData> => {
    const res = await call('POST', path, { body: { email, password } });
    if (res.status !== 200) throw new Error(`login: ${res.status} ${JSON.stringify(res.body)}`);
    return LoginDataSchema.parse(res.body!.data);
  };
  return {
    call,
    get: <T = unknown>(path: string, token?: string) => call<T>('GET', path, { token }),
    post: <T = unknown>(path: string, body?: unknown, token?: string) =>
      call<T>('POST', path, { body, token }),
    /**
     * Registers (202, the same answer for a taken address) and signs in with the same credentials, as the
     * register page does; answers the LoginData, checked against the shared schema.
     */
    async register(email: string, password: string, extra: Record<string, unknown> = {}): Promise<LoginData> {
      const res = await call('POST', '/auth/register', { body: { email, password, ...extra } });
      if (res.status !== 202) throw new Error(`register: ${res.status} ${JSON.stringify(res.body)}`);
      return login(email, password);
    },
    login,
  };
}
export type ApiClient = ReturnType<typeof apiClient>;
