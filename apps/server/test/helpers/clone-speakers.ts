import {
  cloneBaseVoices,
  PREMADE_VOICES,
  type VoiceDefinition,
  type VoiceDsp,
  type VoiceFeatures,
} from '@timbre/speech'
import type { Database } from '../../src/db/database.js'
import { newId } from '../../src/lib/ids.js'
import { verifiedLanguagesOf } from '../../src/modules/voices/voice-definition.js'
import { workspaceIdOf } from './factories.js'

// Speakers for measuring instant clones, made with the project's own engines: each is an
// engine voice at its own pace and pitch with effects on top (EQ, a formant shift), so no
// base voice is the speaker itself. Shared by the clone fidelity test and the bench.

export const CLONE_SAMPLE_TEXT =
  'Good morning. This is a short recording of my voice, read slowly and clearly, so that a copy of it can be made. ' +
  'I am reading a few sentences about the weather, the garden and the river near my house.'
/** What the speaker and the clone both read to be compared: the same words. */
export const CLONE_COMPARE_TEXT =
  'Every clone should sound a little like the person it was made from. We measure its pitch and its pace on this sentence.'

const FLAT: VoiceDsp = {
  pitchSemitones: 0,
  formantScale: 1,
  lowShelfDb: 0,
  presenceDb: 0,
  highShelfDb: 0,
  gainDb: 0,
}

export interface CloneSpeaker {
  key: string
  label: string
  definition: Pick<VoiceDefinition, 'engine' | 'dsp'>
}

export const CLONE_SPEAKERS: CloneSpeaker[] = [
  {
    key: 'slow-low',
    label: 'slow, low male (eSpeak m3, 115 wpm, pitch 25, warm EQ)',
    definition: {
      engine: { engine: 'espeak', voice: 'gmw/en-US', variant: 'm3', rate: 115, pitch: 25, range: 40 },
      dsp: { ...FLAT, lowShelfDb: 4, highShelfDb: -4 },
    },
  },
  {
    key: 'fast-bright',
    label: 'fast, bright female (eSpeak f4, 230 wpm, pitch 75, bright EQ)',
    definition: {
      engine: { engine: 'espeak', voice: 'gmw/en-US', variant: 'f4', rate: 230, pitch: 75, range: 70 },
      dsp: { ...FLAT, presenceDb: 3, highShelfDb: 5 },
    },
  },
  {
    key: 'between',
    label: 'in between (Flite slt, slower, 150 Hz, formant 0.93, low shelf)',
    definition: {
      engine: { engine: 'flite', voice: 'slt', durationStretch: 1.25, f0Mean: 150, f0Stddev: 18 },
      dsp: { ...FLAT, formantScale: 0.93, lowShelfDb: 3 },
    },
  },
]

/** A workspace voice speaking as `definition` says (a test fixture, not a clone). */
export async function insertSpeakerVoice(
  db: Database,
  userId: string,
  name: string,
  definition: Pick<VoiceDefinition, 'engine' | 'dsp'>,
): Promise<string> {
  const template = PREMADE_VOICES.find((v) => v.language === 'en')!
  const id = newId()
  const voice: VoiceDefinition = { ...template, ...definition, voice_id: id, name }
  await db
    .insertInto('voices')
    .values({
      id,
      workspace_id: await workspaceIdOf(db, userId),
      owner_user_id: userId,
      category: 'generated',
      name,
      description: null,
      labels: JSON.stringify(template.labels),
      language: 'en',
      definition: JSON.stringify(voice),
      settings: null,
      verified_languages: JSON.stringify(verifiedLanguagesOf(voice)),
      safety_control: null,
      sharing: null,
    })
    .execute()
  return id
}

/** The base voice a clone was made from (premade, or one of the eSpeak vocal tracts). */
export function cloneBaseNamed(voiceId: string): VoiceDefinition {
  const base = cloneBaseVoices('en').find((v) => v.voice_id === voiceId)
  if (!base) throw new Error(`no clone base ${voiceId}`)
  return base
}

/** Little-endian 16-bit PCM as float samples. */
export function pcmFloat(pcm: Uint8Array): Float32Array {
  const view = new DataView(pcm.buffer, pcm.byteOffset, pcm.byteLength)
  const out = new Float32Array(Math.floor(pcm.byteLength / 2))
  for (let i = 0; i < out.length; i++) out[i] = view.getInt16(i * 2, true) / 32768
  return out
}

export function describeFeatures(f: VoiceFeatures): string {
  return (
    `F0 ${f.f0MedianHz.toFixed(0)} Hz, range ${f.f0RangeSemitones.toFixed(1)} st, ` +
    `${f.syllablesPerSecond.toFixed(2)} syll/s, centroid ${f.envelope?.centroidHz.toFixed(0) ?? '-'} Hz`
  )
}
