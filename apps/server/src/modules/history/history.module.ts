import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppDeps } from '../../app-deps.js'

/** Speech history: list, get, delete, audio, download, feedback, share links (issue 4 item 6). */
export function historyModule(_deps: AppDeps): FastifyPluginAsyncZod {
  return async () => {}
}
