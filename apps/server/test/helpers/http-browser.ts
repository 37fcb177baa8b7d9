/**
 * A minimal browser for redirect flows in tests: real HTTP requests with fetch, redirects
 * followed by hand (so each hop can be looked at), and cookies kept per host.
 */
export function createHttpBrowser() {
  const jar = new Map<string, Map<string, string>>()

  function cookiesFor(url: URL): string {
    const cookies = jar.get(url.host)
    return cookies ? [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') : ''
  }

  function keep(url: URL, response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const index = pair?.indexOf('=') ?? -1
      if (!pair || index < 0) continue
      const cookies = jar.get(url.host) ?? new Map<string, string>()
      const value = pair.slice(index + 1)
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '')
        cookies.delete(pair.slice(0, index))
      else cookies.set(pair.slice(0, index), value)
      jar.set(url.host, cookies)
    }
  }

  async function request(
    method: string,
    target: string | URL,
    body?: URLSearchParams,
  ): Promise<{ url: URL; response: Response; text: string }> {
    const url = new URL(target)
    const headers: Record<string, string> = {}
    const cookie = cookiesFor(url)
    if (cookie) headers.cookie = cookie
    if (body) headers['content-type'] = 'application/x-www-form-urlencoded'
    const response = await fetch(url, { method, headers, redirect: 'manual', ...(body ? { body } : {}) })
    keep(url, response)
    return { url, response, text: await response.text() }
  }

  return {
    request,
    cookie: (host: string, name: string) => jar.get(host)?.get(name),
    /**
     * Follows redirects from a first request until a page answers or `stopAt` says to stop;
     * returns every hop.
     */
    async follow(
      method: string,
      target: string | URL,
      body?: URLSearchParams,
      stopAt: (url: URL) => boolean = () => false,
    ) {
      const hops: { url: URL; status: number; location: string | null; text: string }[] = []
      let next = await request(method, target, body)
      for (let i = 0; i < 20; i += 1) {
        const location = next.response.headers.get('location')
        hops.push({ url: next.url, status: next.response.status, location, text: next.text })
        if (!location || next.response.status < 300 || next.response.status >= 400) break
        const to = new URL(location, next.url)
        if (stopAt(to)) {
          hops.push({ url: to, status: 0, location: null, text: '' })
          break
        }
        next = await request('GET', to)
      }
      return hops
    },
  }
}
