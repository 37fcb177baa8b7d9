import { afterAll, describe, expect, it } from 'vitest'
import {
  analyseVoice,
  createSpeechService,
  parseVoiceDescription,
  remixVoice,
  type VoiceDefinition,
} from '../src/index.js'
import { pcmSamples, voiceNamed } from './helpers/fixtures.js'

// A remix asked for a higher or lower pitch moves the voice's measured median F0 by at least
// 80% of the step it asks for (3 semitones), on the Flite voices whose default pitch the
// engine sets itself (rms: Noah and Walter; slt: Emma).

const service = createSpeechService({ workers: 2 })
afterAll(() => service.close())

const TEXT =
  'Every morning the baker opens the shop at six, and the whole street smells of warm bread and fresh coffee until noon.'
const STEP = 3

async function medianF0(voice: VoiceDefinition): Promise<number> {
  const result = await service.synthesize(
    { text: TEXT, voice, modelId: 'eleven_multilingual_v2', seed: 3 },
    'pcm_24000',
  )
  return analyseVoice(
    Float32Array.from(pcmSamples(result.audio), (v) => v / 32768),
    24_000,
  ).f0MedianHz
}

describe('remix pitch', () => {
  it.each(['Noah', 'Walter', 'Emma'])(
    'moves %s by at least four fifths of a pitch step, up and down',
    async (name) => {
      const voice = voiceNamed(name)
      const base = await medianF0(voice)
      const moved: string[] = []
      for (const [word, sign] of [
        ['higher', 1],
        ['lower', -1],
      ] as const) {
        const change = parseVoiceDescription(`Make the voice have a ${word} pitch.`)
        expect(change.pitch).toBe(sign)
        const [remix] = remixVoice(voice, change, { voiceIds: ['remixremixremixremix'], seed: 2 })
        const semitones = 12 * Math.log2((await medianF0(remix!)) / base)
        moved.push(`${word} ${semitones.toFixed(2)}`)
        expect(semitones * sign).toBeGreaterThanOrEqual(0.8 * STEP)
        expect(semitones * sign).toBeLessThanOrEqual(1.5 * STEP)
      }
      console.log(`remix ${name}: base ${base.toFixed(0)} Hz, moved ${moved.join(', ')} semitones of ${STEP}`)
    },
    120_000,
  )
})
