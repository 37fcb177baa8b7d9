import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { webAppHeaders } from './security-headers.js'

const API_PREFIXES = ['/v1/', '/v2/', '/docs', '/openapi.json', '/healthz', '/readyz']

/** apps/web/dist, found from this file both in src/ and in dist/. */
export function defaultWebDistDir(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), '../../../web/dist')
}

/**
 * Serves the built web app from the API's port, with the single-page-app fallback:
 * a GET for an unknown non-API path gets index.html and the router takes over.
 * Returns false when the web app has not been built.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  const indexFile = join(distDir, 'index.html')
  if (!existsSync(indexFile)) return false
  const headers = webAppHeaders(readFileSync(indexFile, 'utf8'))
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: false,
    index: false,
    maxAge: '1h',
    setHeaders: (reply) => {
      reply.headers(headers)
    },
  })
  app.get('/*', { config: { auth: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    if (API_PREFIXES.some((p) => path.startsWith(p))) return reply.callNotFound()
    reply.headers(headers)
    const file = path.replace(/^\/+/, '')
    if (file && !file.includes('..') && existsSync(join(distDir, file)) && /\.[a-z0-9]+$/i.test(file)) {
      return reply.sendFile(file)
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html')
  })
  return true
}
