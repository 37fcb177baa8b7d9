import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requirePrincipal } from '../../plugins/auth.js'
import type { VoiceCollectionsService } from './voice-collections.service.js'
import {
  collection,
  collectionIdResponse,
  collectionParams,
  collectionsResponse,
  collectionVoiceParams,
  collectionVoiceResponse,
  createCollectionBody,
  updateCollectionBody,
} from './voice-library.schemas.js'

// Voice collections: /v1/voices/collections (list, create), /{collection_id} (get, update,
// delete) and /{collection_id}/voice/{voice_id} (add, remove).
const tags = ['voice collections']
const config = { scope: 'voices' as const }

export function voiceCollectionsRoutes(collections: VoiceCollectionsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/voices/collections',
      {
        config,
        schema: {
          tags,
          summary: 'Voice collections of the workspace, by title',
          response: { 200: collectionsResponse },
        },
      },
      async (request) => collections.list(requirePrincipal(request)),
    )
    app.post(
      '/v1/voices/collections',
      {
        config,
        schema: {
          tags,
          summary: 'Create a voice collection',
          body: createCollectionBody,
          response: { 200: collection },
        },
      },
      async (request) => collections.create(requirePrincipal(request), request.body),
    )
    app.get(
      '/v1/voices/collections/:collection_id',
      {
        config,
        schema: {
          tags,
          summary: 'Get a voice collection',
          params: collectionParams,
          response: { 200: collection },
        },
      },
      async (request) => collections.get(requirePrincipal(request), request.params.collection_id),
    )
    app.patch(
      '/v1/voices/collections/:collection_id',
      {
        config,
        schema: {
          tags,
          summary: 'Change the title or icon of a voice collection',
          params: collectionParams,
          body: updateCollectionBody,
          response: { 200: collection },
        },
      },
      async (request) =>
        collections.update(requirePrincipal(request), request.params.collection_id, request.body),
    )
    app.delete(
      '/v1/voices/collections/:collection_id',
      {
        config,
        schema: {
          tags,
          summary: 'Delete a voice collection (its voices stay)',
          params: collectionParams,
          response: { 200: collectionIdResponse },
        },
      },
      async (request) => collections.remove(requirePrincipal(request), request.params.collection_id),
    )
    app.post(
      '/v1/voices/collections/:collection_id/voice/:voice_id',
      {
        config,
        schema: {
          tags,
          summary: 'Add a voice to a collection',
          params: collectionVoiceParams,
          response: { 200: collectionVoiceResponse },
        },
      },
      async (request) =>
        collections.addVoice(
          requirePrincipal(request),
          request.params.collection_id,
          request.params.voice_id,
        ),
    )
    app.delete(
      '/v1/voices/collections/:collection_id/voice/:voice_id',
      {
        config,
        schema: {
          tags,
          summary: 'Remove a voice from a collection',
          params: collectionVoiceParams,
          response: { 200: collectionVoiceResponse },
        },
      },
      async (request) =>
        collections.removeVoice(
          requirePrincipal(request),
          request.params.collection_id,
          request.params.voice_id,
        ),
    )
  }
}
