import {
  DEFAULT_OUTPUT_FORMAT,
  findSoundEffectSlug,
  SOUND_EFFECT_CATEGORIES,
  SOUND_EFFECT_DEFAULT_PROMPT_INFLUENCE,
} from '@timbre/contract'
import { encodeWhole, parseOutputFormat, renderSoundEffect } from '@timbre/speech'
import { AppError } from '../../errors.js'
import type { FileStorage } from '../../lib/storage.js'
import type { Principal } from '../../plugins/auth.js'
import type { SoundEffectsRepository } from './sound-effects.repository.js'

// The explore pages: the curated examples, each rendered once on first request and kept in file
// storage (the synthesiser is seeded by the prompt, so the cached audio is what a generation of
// the same prompt gives); and each user's favourite sound effects.

const EXAMPLE_FORMAT = DEFAULT_OUTPUT_FORMAT
/** Bumped when the synthesiser changes, so examples are rendered again. */
const CACHE_VERSION = 2

export function createSoundEffectsExplore(deps: {
  storage: FileStorage
  repository: SoundEffectsRepository
}) {
  const format = parseOutputFormat(EXAMPLE_FORMAT)
  const rendering = new Map<string, Promise<Buffer>>()

  const view = (origin: string) =>
    SOUND_EFFECT_CATEGORIES.map((category) => ({
      slug: category.slug,
      examples: category.examples.map((e) => ({
        slug: e.slug,
        category: category.slug,
        text: e.text,
        duration_seconds: e.durationSeconds,
        loop: e.loop,
        audio_url: `${origin}/v1/sound-generation/explore/${e.slug}/audio`,
      })),
    }))

  async function render(slug: string): Promise<Buffer> {
    const found = findSoundEffectSlug(slug)
    if (!found?.example) throw new AppError('sound_effect_not_found', { param: 'slug' })
    const key = `sound-effects/examples/v${CACHE_VERSION}/${slug}.${format.fileExtension}`
    const cached = await deps.storage.get(key)
    if (cached) return cached
    const effect = renderSoundEffect(
      {
        text: found.example.text,
        durationSeconds: found.example.durationSeconds,
        promptInfluence: SOUND_EFFECT_DEFAULT_PROMPT_INFLUENCE,
        loop: found.example.loop,
      },
      format.sampleRate,
    )
    const encoded = encodeWhole(format, effect.samples)
    const audio = Buffer.from(encoded.buffer, encoded.byteOffset, encoded.byteLength)
    await deps.storage.put(key, audio)
    return audio
  }

  return {
    categories: (origin: string) => ({ categories: view(origin) }),

    /** One category or example page's data by slug. */
    page(origin: string, slug: string) {
      const found = findSoundEffectSlug(slug)
      if (!found) throw new AppError('sound_effect_not_found', { param: 'slug' })
      const category = view(origin).find((c) => c.slug === found.category.slug)!
      return {
        slug,
        category,
        example: found.example ? (category.examples.find((e) => e.slug === slug) ?? null) : null,
      }
    },

    /** The example's audio, rendered once per process at a time and then read from storage. */
    async audio(slug: string): Promise<{ audio: Buffer; contentType: string }> {
      let pending = rendering.get(slug)
      if (!pending) {
        pending = render(slug).finally(() => rendering.delete(slug))
        rendering.set(slug, pending)
      }
      return { audio: await pending, contentType: format.contentType }
    },

    async favourites(p: Principal) {
      const rows = await deps.repository.list(p.userId, p.workspaceId)
      return {
        favourites: rows.map((r) => ({
          history_item_id: r.history_item_id,
          text: r.text,
          date_unix: Math.floor(r.created_at.getTime() / 1000),
          favourited_at_unix: Math.floor(new Date(r.favourited_at).getTime() / 1000),
        })),
      }
    },

    async favourite(p: Principal, historyItemId: string, on: boolean) {
      if (!(await deps.repository.isSoundEffect(p.workspaceId, historyItemId))) {
        throw new AppError('sound_effect_not_found', { param: 'history_item_id' })
      }
      if (on) await deps.repository.add(p.userId, p.workspaceId, historyItemId)
      else await deps.repository.remove(p.userId, historyItemId)
      return { history_item_id: historyItemId, favourite: on }
    },
  }
}

export type SoundEffectsExplore = ReturnType<typeof createSoundEffectsExplore>
