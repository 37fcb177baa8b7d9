import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requirePrincipal } from '../../../plugins/auth.js'
import { json } from '../agents.schemas.js'
import type { ConvaiSettingsService } from './convai-settings.service.js'

const tags = ['agents']
const config = { scope: 'convai' as const }

// GET and PATCH /v1/convai/settings: the workspace's conversational AI settings.
export function convaiSettingsRoutes(settings: ConvaiSettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/convai/settings',
      {
        config,
        schema: { tags, summary: 'Conversational AI settings of the workspace', response: { 200: json } },
      },
      async (request) => settings.get(requirePrincipal(request)),
    )
    app.patch(
      '/v1/convai/settings',
      {
        config,
        schema: { tags, summary: 'Change the settings (admins)', body: json, response: { 200: json } },
      },
      async (request) => settings.update(requirePrincipal(request), request.body),
    )
  }
}
