import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import type { SoundEffectsExplore } from './sound-effects-explore.js'

// The sound effects explore pages (public: the /sound-effects/{slug} pages read them signed out)
// and each user's favourites.
const tags = ['sound effects']
const example = z.object({
  slug: z.string(),
  category: z.string(),
  text: z.string(),
  duration_seconds: z.number(),
  loop: z.boolean(),
  audio_url: z.string(),
})
const category = z.object({ slug: z.string(), examples: z.array(example) })
const slugParams = z.object({ slug: z.string().min(1).max(100) })
const itemParams = z.object({ history_item_id: z.string().min(1).max(64) })
const favourite = z.object({ history_item_id: z.string(), favourite: z.boolean() })

export function soundEffectsExploreRoutes(explore: SoundEffectsExplore): FastifyPluginAsyncZod {
  return async (app) => {
    const open = { auth: 'public' as const }
    app.get(
      '/v1/sound-generation/explore',
      {
        config: open,
        schema: {
          tags,
          summary: 'Example prompts by category',
          security: [],
          response: { 200: z.object({ categories: z.array(category) }) },
        },
      },
      async (request) => explore.categories(request.siteOrigin),
    )
    app.get(
      '/v1/sound-generation/explore/:slug',
      {
        config: open,
        schema: {
          tags,
          summary: 'A category or an example by its slug (the /sound-effects/{slug} page)',
          security: [],
          params: slugParams,
          response: { 200: z.object({ slug: z.string(), category, example: example.nullable() }) },
        },
      },
      async (request) => explore.page(request.siteOrigin, request.params.slug),
    )
    app.get(
      '/v1/sound-generation/explore/:slug/audio',
      {
        config: open,
        schema: {
          tags,
          summary: "An example's audio (MP3), made on first request and then kept",
          security: [],
          params: slugParams,
          response: { 200: z.any().describe('MP3 audio') },
        },
      },
      async (request, reply) => {
        const { audio, contentType } = await explore.audio(request.params.slug)
        reply.header('cache-control', 'public, max-age=86400')
        return reply.type(contentType).send(audio)
      },
    )

    const config = { scope: 'sound-generation' as const }
    app.get(
      '/v1/sound-generation/favourites',
      {
        config,
        schema: {
          tags,
          summary: 'Your favourite sound effects, newest first',
          response: {
            200: z.object({
              favourites: z.array(
                z.object({
                  history_item_id: z.string(),
                  text: z.string(),
                  date_unix: z.number(),
                  favourited_at_unix: z.number(),
                }),
              ),
            }),
          },
        },
      },
      async (request) => explore.favourites(requirePrincipal(request)),
    )
    app.put(
      '/v1/sound-generation/favourites/:history_item_id',
      {
        config,
        schema: {
          tags,
          summary: 'Mark a sound effect of your history as a favourite',
          params: itemParams,
          response: { 200: favourite },
        },
      },
      async (request) => explore.favourite(requirePrincipal(request), request.params.history_item_id, true),
    )
    app.delete(
      '/v1/sound-generation/favourites/:history_item_id',
      {
        config,
        schema: {
          tags,
          summary: 'Remove a sound effect from your favourites',
          params: itemParams,
          response: { 200: favourite },
        },
      },
      async (request) => explore.favourite(requirePrincipal(request), request.params.history_item_id, false),
    )
  }
}
