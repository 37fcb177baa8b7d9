import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requirePrincipal } from '../../plugins/auth.js'
import { defaultSettings } from './voice.view.js'
import { statusOk, voiceIdParams, voiceSettings, voiceSettingsBody } from './voices.schemas.js'
import type { VoicesService } from './voices.service.js'

// Voice settings (settings, settings/edit, settings/default). Values range 0..1, except
// speed, 0.7..1.2.
const tags = ['voices']
const config = { scope: 'voices' as const }

export function voiceSettingsRoutes(voices: VoicesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/voices/settings/default',
      { config, schema: { tags, summary: 'The default voice settings', response: { 200: voiceSettings } } },
      async () => defaultSettings(),
    )

    app.get(
      '/v1/voices/:voice_id/settings',
      {
        config,
        schema: {
          tags,
          summary: 'A voice’s saved settings (the defaults where none are saved)',
          params: voiceIdParams,
          response: { 200: voiceSettings },
        },
      },
      async (request) => voices.settings(requirePrincipal(request), request.params.voice_id),
    )

    app.post(
      '/v1/voices/:voice_id/settings/edit',
      {
        config,
        schema: {
          tags,
          summary: 'Save a voice’s default settings (fields left out keep their value)',
          params: voiceIdParams,
          body: voiceSettingsBody,
          response: { 200: statusOk },
        },
      },
      async (request) => {
        await voices.editSettings(requirePrincipal(request), request.params.voice_id, request.body)
        return { status: 'ok' as const }
      },
    )
  }
}
