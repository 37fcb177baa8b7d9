import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requirePrincipal } from '../../plugins/auth.js'
import {
  contentFromUrlBody,
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
// settings page's list and changes of appearance and allowlist (its other actions are in
// audio-native-manage.routes.ts).
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
  }
}
