/**
 * A browser as far as a redirect-driven sign-in cares: it follows no redirect by itself (the test looks at
 * each hop), keeps cookies per host with their paths, and drops the ones a server expires.
 */
export class TestBrowser {
  private readonly jar = new Map<string, { value: string; path: string }>();

  /** One request; cookies for the address go along and the answer's cookies are kept. */
  async request(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader(target);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(target, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) this.store(target, line);
    return response;
  }

  /** Follows redirects from `url` until one leads to an address `stop` accepts; answers that address. */
  async followUntil(url: string | URL, stop: (next: URL) => boolean, init: RequestInit = {}): Promise<URL> {
    let current = new URL(url);
    let options = init;
    for (let hop = 0; hop < 10; hop++) {
      const response = await this.request(current, options);
      await response.body?.cancel();
      const location = response.headers.get('location');
      if (!location) throw new Error(`${current.href} answered ${response.status} without a redirect`);
      current = new URL(location, current);
      if (stop(current)) return current;
      options = {};
    }
    throw new Error('too many redirects');
  }

  cookieNames(): string[] {
    return [...this.jar.keys()].map((k) => k.split('|')[1] ?? '');
  }

  private cookieHeader(url: URL): string {
    const pairs: string[] = [];
    for (const [key, cookie] of this.jar) {
      const [host, name] = key.split('|');
      if (host === url.hostname && url.pathname.startsWith(cookie.path))
        pairs.push(`${name}=${cookie.value}`);
    }
    return pairs.join('; ');
  }

  private store(url: URL, line: string): void {
    const [pair = '', ...attributes] = line.split(';').map((s) => s.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    let path = '/';
    let expired = value === '';
    for (const attribute of attributes) {
      const [key = '', v = ''] = attribute.split('=');
      if (key.toLowerCase() === 'path') path = v;
      if (key.toLowerCase() === 'max-age' && Number(v) <= 0) expired = true;
      if (key.toLowerCase() === 'expires' && Date.parse(v) <= Date.now()) expired = true;
    }
    // Browsers keep cookies per host, not per port: the two local servers share a jar, as they would.
    const key = `${url.hostname}|${name}`;
    if (expired) this.jar.delete(key);
    else this.jar.set(key, { value, path });
  }
}
