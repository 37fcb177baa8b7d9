import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppDeps } from '../../app-deps.js'

/** Voices: premade library, workspace voices, settings, samples and previews (issue 4 item 5). */
export function voicesModule(_deps: AppDeps): FastifyPluginAsyncZod {
  return async () => {}
}
