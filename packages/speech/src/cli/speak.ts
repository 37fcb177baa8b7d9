// `npm run speak -- --voice <id|name> --text "..." [--model id] [--format fmt] [--out file]
// [--timestamps] [--language xx] [--seed n] [--speed x] [--stability x] [--style x]`, and
// `--list-voices`. It uses exactly the library code the server uses.
import { writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { isSpeechError } from '../errors.js'
import { DEFAULT_OUTPUT_FORMAT, parseOutputFormat } from '../formats/output-formats.js'
import { DEFAULT_MODEL_ID } from '../models/model-profiles.js'
import { createSpeechService } from '../service/speech-service.js'
import type { VoiceSettings } from '../types.js'
import { PREMADE_VOICES } from '../voices/premade-voices.js'

const { values } = parseArgs({
  options: {
    voice: { type: 'string' },
    text: { type: 'string' },
    model: { type: 'string', default: DEFAULT_MODEL_ID },
    format: { type: 'string', default: DEFAULT_OUTPUT_FORMAT },
    out: { type: 'string' },
    language: { type: 'string' },
    seed: { type: 'string' },
    speed: { type: 'string' },
    stability: { type: 'string' },
    style: { type: 'string' },
    similarity: { type: 'string' },
    timestamps: { type: 'boolean', default: false },
    'list-voices': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
})

function usage(): string {
  return 'usage: npm run speak -- --voice <voice id|name> --text "..." [--model id] [--format fmt] [--out file] [--timestamps] | --list-voices'
}

async function main(): Promise<number> {
  if (values.help) {
    console.log(usage())
    return 0
  }
  if (values['list-voices']) {
    for (const v of PREMADE_VOICES) {
      const engine =
        v.engine.engine === 'flite'
          ? `flite/${v.engine.voice}`
          : v.engine.engine === 'piper'
            ? `piper/${v.engine.model}`
            : v.engine.engine === 'kokoro'
              ? `kokoro/${v.engine.voice}`
              : `espeak/${v.engine.voice}+${v.engine.variant ?? ''}`
      console.log(
        `${v.voice_id}  ${v.name.padEnd(8)} ${v.locale.padEnd(6)} ${v.labels.gender.padEnd(7)} ${engine.padEnd(16)} ${v.description}`,
      )
    }
    return 0
  }
  const wanted = values.voice ?? PREMADE_VOICES[0]!.voice_id
  const voice = PREMADE_VOICES.find(
    (v) => v.voice_id === wanted || v.name.toLowerCase() === wanted.toLowerCase(),
  )
  if (!voice) {
    console.error(`Unknown voice '${wanted}'. Try --list-voices.`)
    return 2
  }
  if (!values.text) {
    console.error(usage())
    return 2
  }
  const format = parseOutputFormat(values.format)
  const settings: Partial<VoiceSettings> = {}
  if (values.speed) settings.speed = Number(values.speed)
  if (values.stability) settings.stability = Number(values.stability)
  if (values.style) settings.style = Number(values.style)
  if (values.similarity) settings.similarity_boost = Number(values.similarity)
  const service = createSpeechService({ workers: 2 })
  try {
    const started = performance.now()
    const result = await service.synthesize(
      {
        text: values.text,
        voice,
        modelId: values.model,
        voiceSettings: settings,
        ...(values.language ? { languageCode: values.language } : {}),
        ...(values.seed ? { seed: Number(values.seed) } : {}),
      },
      format.id,
    )
    const out = values.out ?? `speech.${format.fileExtension}`
    writeFileSync(out, result.audio)
    const ms = performance.now() - started
    console.error(
      `${out}: ${result.durationSeconds.toFixed(2)} s of audio, ${result.audio.length} bytes, ${ms.toFixed(0)} ms`,
    )
    if (values.timestamps)
      console.log(
        JSON.stringify({ alignment: result.alignment, normalized_alignment: result.normalizedAlignment }),
      )
    return 0
  } catch (error) {
    if (isSpeechError(error)) {
      console.error(`${error.code}: ${error.message}`)
      return 1
    }
    throw error
  } finally {
    await service.close()
  }
}

process.exitCode = await main()
