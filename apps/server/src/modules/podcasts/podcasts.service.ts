import {
  PODCAST_MODES,
  PODCAST_SOURCE_MAX_CHARACTERS,
  STUDIO_BLOCK_MAX_CHARACTERS,
  STUDIO_CHAPTER_MAX_BLOCKS,
  STUDIO_PROJECT_NAME_FORBIDDEN,
  STUDIO_PROJECT_NAME_MAX,
} from '@timbre/contract'
import { MODEL_PROFILES } from '@timbre/speech'
import { AppError } from '../../errors.js'
import { extractArticle, paragraphsOfText } from '../../lib/web-page/article-text.js'
import { fetchPage, type OutboundPolicy } from '../../platform/outbound/outbound.js'
import type { Principal } from '../../plugins/auth.js'
import type { StudioForm, StudioPorts, StudioService } from '../studio/studio.module.js'
import type { VoiceLookup } from '../voices/voices.module.js'
import type { CallbacksPort } from '../webhooks/webhooks.module.js'
import { chatCompletion, type LlmEndpoint } from './chat-completions.js'
import {
  bulletinFromDocument,
  conversationPrompt,
  parseConversation,
  type Turn,
  turnsFromDocument,
} from './podcast-script.js'
import type { CreatePodcastBody } from './podcasts.schemas.js'

// A podcast is a Studio project whose blocks are the turns of a script, each read by the host's
// or the guest's voice. Everything a request names is checked before the language model is
// asked, and the project is made through Studio's own creation, so it is an ordinary project.

function invalid(message: string, param: string): AppError {
  return new AppError('validation_error', { message, param })
}

/** A turn longer than a block may hold is cut at sentence ends. */
function fitBlocks(turns: Turn[]): Turn[] {
  return turns.flatMap((turn) => {
    if (turn.text.length <= STUDIO_BLOCK_MAX_CHARACTERS) return [turn]
    const pieces: Turn[] = []
    let current = ''
    for (const sentence of turn.text.split(/(?<=[.!?])\s+/)) {
      for (let at = 0; at < sentence.length; at += STUDIO_BLOCK_MAX_CHARACTERS) {
        const part = sentence.slice(at, at + STUDIO_BLOCK_MAX_CHARACTERS)
        if (current && current.length + 1 + part.length > STUDIO_BLOCK_MAX_CHARACTERS) {
          pieces.push({ speaker: turn.speaker, text: current })
          current = ''
        }
        current = current ? `${current} ${part}` : part
      }
    }
    if (current) pieces.push({ speaker: turn.speaker, text: current })
    return pieces
  })
}

/** A project name from the document's first words, within Studio's name rules. */
function nameFrom(document: string): string {
  const words = document.replace(STUDIO_PROJECT_NAME_FORBIDDEN, ' ').replace(/\s+/g, ' ').trim()
  const base = words
    .slice(0, STUDIO_PROJECT_NAME_MAX - 10)
    .replace(/\s\S*$/, '')
    .trim()
  return `Podcast ${base || 'episode'}`.slice(0, STUDIO_PROJECT_NAME_MAX).trim()
}

export function createPodcastsService(deps: {
  studio: StudioService
  conversion: StudioPorts['conversion']
  callbacks: Pick<CallbacksPort, 'check'>
  voices: VoiceLookup
  outbound: OutboundPolicy
  llm: LlmEndpoint | null
}) {
  async function requireVoice(workspaceId: string, voiceId: string, param: string) {
    if (!(await deps.voices.findUsable(workspaceId, voiceId)))
      throw new AppError('studio_voice_not_found', {
        message: `Voice not found or deleted: ${voiceId}.`,
        param,
      })
  }

  /** The document's paragraphs, from text and pages (each page's readable article). */
  async function documentOf(source: CreatePodcastBody['source']): Promise<string[]> {
    const sources = Array.isArray(source) ? source : [source]
    const paragraphs: string[] = []
    for (const item of sources) {
      if (item.type === 'text') paragraphs.push(...paragraphsOfText(item.text))
      else {
        const page = await fetchPage(item.url, deps.outbound)
        paragraphs.push(...(await extractArticle(page.html, null)).paragraphs)
      }
    }
    const length = paragraphs.reduce((n, p) => n + p.length, 0)
    if (length === 0) throw invalid('The source has no text to make a podcast from.', 'source')
    if (length > PODCAST_SOURCE_MAX_CHARACTERS)
      throw invalid(`The source may be at most ${PODCAST_SOURCE_MAX_CHARACTERS} characters.`, 'source')
    return paragraphs
  }

  return {
    /** Every mode and whether this server can make it, so a client offers only what works. */
    modes() {
      return {
        modes: PODCAST_MODES.map((mode) =>
          mode === 'conversation' && !deps.llm
            ? { mode, available: false, unavailable_reason: 'no_language_model' as const }
            : { mode, available: true, unavailable_reason: null },
        ),
      }
    },

    async create(principal: Principal, body: CreatePodcastBody) {
      const mode = body.mode
      const host =
        mode.type === 'conversation'
          ? mode.conversation.host_voice_id
          : mode.type === 'turns'
            ? mode.turns.host_voice_id
            : mode.bulletin.host_voice_id
      const guest =
        mode.type === 'conversation'
          ? mode.conversation.guest_voice_id
          : mode.type === 'turns'
            ? mode.turns.guest_voice_id
            : null
      await requireVoice(principal.workspaceId, host, 'host_voice_id')
      if (guest) await requireVoice(principal.workspaceId, guest, 'guest_voice_id')
      const model = MODEL_PROFILES[body.model_id]
      if (!model?.can_do_text_to_speech) throw new AppError('model_not_found', { param: 'model_id' })
      if (body.callback_url) await deps.callbacks.check(body.callback_url, 'callback_url')
      if (mode.type === 'conversation' && !deps.llm) throw new AppError('podcast_llm_not_configured')

      const paragraphs = await documentOf(body.source)
      let turns: Turn[]
      if (mode.type === 'conversation' && deps.llm) {
        const answer = await chatCompletion(
          deps.llm,
          conversationPrompt({
            document: paragraphs.join('\n\n'),
            durationScale: body.duration_scale ?? 'default',
            language: body.language,
            instructions: body.instructions_prompt,
            highlights: body.highlights ?? [],
            intro: body.intro,
            outro: body.outro,
          }),
        )
        const written = parseConversation(answer)
        if (!written) throw new AppError('podcast_llm_failed')
        turns = written
      } else {
        turns = mode.type === 'turns' ? turnsFromDocument(paragraphs) : bulletinFromDocument(paragraphs)
        if (body.intro) turns.unshift({ speaker: 'host', text: body.intro })
        if (body.outro) turns.push({ speaker: 'host', text: body.outro })
      }
      const blocks = fitBlocks(turns).map((turn) => ({
        sub_type: 'p' as const,
        nodes: [{ voice_id: turn.speaker === 'guest' && guest ? guest : host, text: turn.text }],
      }))
      const chapters = []
      for (let at = 0; at < blocks.length; at += STUDIO_CHAPTER_MAX_BLOCKS)
        chapters.push({
          name: `Part ${chapters.length + 1}`,
          blocks: blocks.slice(at, at + STUDIO_CHAPTER_MAX_BLOCKS),
        })
      const fields: Array<[string, string | undefined]> = [
        ['name', nameFrom(paragraphs.join(' '))],
        ['default_title_voice_id', host],
        ['default_paragraph_voice_id', host],
        ['default_model_id', body.model_id],
        ['source_type', 'genfm'],
        ['from_content_json', JSON.stringify(chapters)],
        ['quality_preset', body.quality_preset],
        ['apply_text_normalization', body.apply_text_normalization],
        ['language', body.language?.toLowerCase()],
        ['callback_url', body.callback_url],
      ]
      const form: StudioForm = {
        fields: new Map(fields.filter((f): f is [string, string] => !!f[1]).map(([k, v]) => [k, [v]])),
      }
      const created = await deps.studio.create(principal, form)
      // As the public API does, a podcast is converted as soon as it is made; its callback_url
      // hears when that conversion ends.
      await deps.conversion.convertProject(principal, created.project.project_id)
      return created
    },
  }
}

export type PodcastsService = ReturnType<typeof createPodcastsService>
