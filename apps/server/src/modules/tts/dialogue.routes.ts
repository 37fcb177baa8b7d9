import { DEFAULT_OUTPUT_FORMAT } from '@timbre/contract'
import { type SpeechRequest, stripAudioTags } from '@timbre/speech'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../errors.js'
import { requirePrincipal } from '../../plugins/auth.js'
import { beginGeneration, type GenerationDeps, resolveVoice } from './generation.js'
import { clientGone, collectGeneration, streamGeneration } from './stream-response.js'
import { ttsQuery, voiceSettings } from './tts.schemas.js'
import { mergeSettings } from './tts.service.js'

const tags = ['text to dialogue']
const config = { scope: 'text-to-speech' as const, verifiedEmail: true }
/** The v3 model interprets audio tags, which dialogue scripts use most. */
const DIALOGUE_DEFAULT_MODEL = 'eleven_v3'
const MAX_INPUTS = 50

const dialogueBody = z.object({
  inputs: z
    .array(z.object({ text: z.string().max(10_000), voice_id: z.string().min(1).max(64) }))
    .min(1)
    .max(MAX_INPUTS),
  model_id: z.string().max(64).nullish(),
  language_code: z.string().max(16).nullish(),
  settings: voiceSettings,
  pronunciation_dictionary_locators: z
    .array(
      z.object({ pronunciation_dictionary_id: z.string().max(64), version_id: z.string().max(64).nullish() }),
    )
    .max(3)
    .nullish(),
  seed: z.number().int().min(0).max(4_294_967_295).nullish(),
  apply_text_normalization: z.enum(['auto', 'on', 'off']).nullish(),
})
type DialogueBody = z.infer<typeof dialogueBody>

// POST /v1/text-to-dialogue (+ /stream): the inputs rendered in order into one audio; empty
// entries are dropped.
export function dialogueRoutes(deps: GenerationDeps): FastifyPluginAsyncZod {
  async function begin(
    principal: ReturnType<typeof requirePrincipal>,
    requestId: string,
    body: DialogueBody,
    outputFormat: string | undefined,
    logging: boolean | undefined,
  ) {
    const inputs = body.inputs.filter((i) => i.text.length > 0)
    const spoken = inputs.filter((i) => i.text.trim().length > 0)
    if (spoken.length === 0)
      throw new AppError('text_empty', {
        message: 'Every dialogue input is empty.',
        param: 'inputs',
      })
    const modelId = body.model_id ?? DIALOGUE_DEFAULT_MODEL
    const requests: SpeechRequest[] = []
    const voices = new Map<string, Awaited<ReturnType<typeof resolveVoice>>>()
    for (const input of inputs) {
      const voice =
        voices.get(input.voice_id) ?? (await resolveVoice(deps.voices, principal.workspaceId, input.voice_id))
      voices.set(input.voice_id, voice)
      // Whitespace-only lines stay in the dialogue list but say nothing.
      if (!input.text.trim()) continue
      requests.push({
        text: input.text,
        voice: voice.definition,
        modelId,
        voiceSettings: mergeSettings(voice.settings, body.settings),
        ...(body.language_code ? { languageCode: body.language_code } : {}),
        ...(body.seed !== null && body.seed !== undefined ? { seed: body.seed } : {}),
        ...(body.apply_text_normalization ? { applyTextNormalization: body.apply_text_normalization } : {}),
      })
    }
    const first = voices.get(spoken[0]!.voice_id)!
    return beginGeneration(deps, {
      principal,
      requestId,
      voice: first,
      speechRequests: requests,
      modelId,
      outputFormat: outputFormat ?? DEFAULT_OUTPUT_FORMAT,
      logging: logging ?? true,
      kind: 'dialogue',
      // The history shows the script without tags; the dialogue list keeps the inputs as sent.
      text: inputs.map((i) => stripAudioTags(i.text)).join('\n'),
      dialogue: inputs.map((i) => ({
        text: i.text,
        voice_id: i.voice_id,
        voice_name: voices.get(i.voice_id)?.name ?? null,
      })),
      settings: body.settings ?? null,
    })
  }

  return async (app) => {
    const schema = (summary: string) => ({
      tags,
      summary,
      querystring: ttsQuery,
      body: dialogueBody,
      response: { 200: z.any() },
    })

    app.post(
      '/v1/text-to-dialogue',
      { config, schema: schema('Render a dialogue of several voices into one audio') },
      async (request, reply) => {
        const gen = await begin(
          requirePrincipal(request),
          request.id,
          request.body,
          request.query.output_format,
          request.query.enable_logging,
        )
        const result = await collectGeneration(gen, clientGone(request, reply).signal)
        if (gen.historyItemId) reply.header('history-item-id', gen.historyItemId)
        reply.header('character-cost', String(gen.cost))
        return reply.type(gen.format.contentType).send(result.audio)
      },
    )

    app.post(
      '/v1/text-to-dialogue/stream',
      { config, schema: schema('Render a dialogue, streamed as it is synthesised') },
      async (request, reply) => {
        const gen = await begin(
          requirePrincipal(request),
          request.id,
          request.body,
          request.query.output_format,
          request.query.enable_logging,
        )
        const body = await streamGeneration(
          gen,
          clientGone(request, reply).signal,
          (chunk) => Buffer.from(chunk.audio),
          () => reply.raw.destroy(),
        )
        if (gen.historyItemId) reply.header('history-item-id', gen.historyItemId)
        reply.header('character-cost', String(gen.cost))
        return reply.type(gen.format.contentType).send(body)
      },
    )
  }
}
