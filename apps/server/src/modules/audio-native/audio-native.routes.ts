import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import {
  analyticsResponse,
  contentFromUrlBody,
  convertBody,
  createResponse,
  editContentResponse,
  listResponse,
  projectParams,
  settingsResponse,
  updateSettingsBody,
} from './audio-native.schemas.js'
import type { AudioNativeService } from './audio-native.service.js'
import { audioNativeContentForm, audioNativeCreateForm, readAudioNativeForm } from './audio-native-form.js'

const tags = ['audio native']
const config = { scope: 'audio-native' as const, verifiedEmail: true }

// /v1/audio-native: the SDK's calls (create, settings, content, content from a URL) and the
// settings page's (list, appearance and allowlist, convert, analytics, delete).
export function audioNativeRoutes(service: AudioNativeService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/audio-native',
      {
        config: { ...config, multipart: audioNativeCreateForm },
        schema: {
          tags,
          summary: 'Create an Audio Native player for an article page',
          response: { 200: createResponse },
        },
      },
      async (request) =>
        service.create(
          requirePrincipal(request),
          await readAudioNativeForm(request, audioNativeCreateForm),
          request.siteOrigin,
        ),
    )

    app.get(
      '/v1/audio-native',
      {
        config,
        schema: {
          tags,
          summary: 'List the Audio Native players of the workspace',
          response: { 200: listResponse },
        },
      },
      async (request) => service.list(requirePrincipal(request)),
    )

    app.post(
      '/v1/audio-native/content',
      {
        config,
        schema: {
          tags,
          summary: 'Fetch a page again and re-convert the player set up for it',
          description:
            'The page must be HTTPS on a public address (unless the operator allows private ones); its ' +
            "readable text (or the player's content selector) becomes the new content.",
          body: contentFromUrlBody,
          response: { 200: editContentResponse },
        },
      },
      async (request) => service.updateFromUrl(requirePrincipal(request), request.body, request.siteOrigin),
    )

    app.get(
      '/v1/audio-native/:project_id/settings',
      {
        config,
        schema: {
          tags,
          summary: 'The settings and state of an Audio Native player',
          params: projectParams,
          response: { 200: settingsResponse },
        },
      },
      async (request) => service.settings(requirePrincipal(request), request.params.project_id),
    )

    app.patch(
      '/v1/audio-native/:project_id/settings',
      {
        config,
        schema: {
          tags,
          summary: 'Change the appearance, allowlist, content selector or voice of a player',
          params: projectParams,
          body: updateSettingsBody,
          response: { 200: settingsResponse },
        },
      },
      async (request) =>
        service.updateSettings(requirePrincipal(request), request.params.project_id, request.body),
    )

    app.post(
      '/v1/audio-native/:project_id/content',
      {
        config: { ...config, multipart: audioNativeContentForm },
        schema: {
          tags,
          summary: 'Replace the article of a player',
          params: projectParams,
          response: { 200: editContentResponse },
        },
      },
      async (request) =>
        service.updateContent(
          requirePrincipal(request),
          request.params.project_id,
          await readAudioNativeForm(request, audioNativeContentForm),
          request.siteOrigin,
        ),
    )

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
