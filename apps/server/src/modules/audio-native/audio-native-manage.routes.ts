import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import { analyticsResponse, convertBody, projectParams, settingsResponse } from './audio-native.schemas.js'
import type { AudioNativeService } from './audio-native.service.js'

const tags = ['audio native']
const config = { scope: 'audio-native' as const, verifiedEmail: true }

// What the settings page does with a player beyond its settings: convert the article again,
// publish what waits for publishing, read the plays per page, delete the player.
export function audioNativeManageRoutes(service: AudioNativeService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/audio-native/:project_id/convert',
      {
        config,
        schema: {
          tags,
          summary: 'Convert the current article again',
          description:
            'Timbre: publishes when the conversion ends if auto_publish (default: as the last content call asked).',
          params: projectParams,
          body: convertBody,
          response: { 200: settingsResponse },
        },
      },
      async (request) =>
        service.convert(requirePrincipal(request), request.params.project_id, request.body?.auto_publish),
    )

    app.post(
      '/v1/audio-native/:project_id/publish',
      {
        config,
        schema: {
          tags,
          summary: 'Publish the converted article that waits for publishing',
          description:
            'Timbre (the public API has no publish call): after a content call with auto_publish=false, the ' +
            'converted audio waits in the `converted` state while the previously published audio keeps playing.',
          params: projectParams,
          response: { 200: settingsResponse },
        },
      },
      async (request) => service.publish(requirePrincipal(request), request.params.project_id),
    )

    app.get(
      '/v1/audio-native/:project_id/analytics',
      {
        config,
        schema: {
          tags,
          summary: 'Plays of a player per page',
          params: projectParams,
          response: { 200: analyticsResponse },
        },
      },
      async (request) => service.analytics(requirePrincipal(request), request.params.project_id),
    )

    app.delete(
      '/v1/audio-native/:project_id',
      {
        config,
        schema: {
          tags,
          summary: 'Delete a player, its audio and its analytics',
          params: projectParams,
          response: { 200: z.object({ status: z.literal('ok') }) },
        },
      },
      async (request) => {
        await service.remove(requirePrincipal(request), request.params.project_id)
        return { status: 'ok' as const }
      },
    )
  }
}
