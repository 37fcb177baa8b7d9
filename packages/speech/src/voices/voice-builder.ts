// Building blocks of the premade voice lists: a compact spec in, plain data out.
import type { EngineParams, VoiceDefinition, VoiceDsp, VoiceLabels } from '../types.js'

const FLAT: VoiceDsp = {
  pitchSemitones: 0,
  formantScale: 1,
  lowShelfDb: 0,
  presenceDb: 0,
  highShelfDb: 0,
  gainDb: 0,
}

interface VoiceSpec {
  id: string
  name: string
  locale: string
  gender: 'female' | 'male'
  age: 'young' | 'middle_aged' | 'old'
  accent: string
  useCase: string
  descriptive: string
  description: string
  preview: string
  engine: EngineParams
  dsp?: Partial<VoiceDsp>
}

export function voice(spec: VoiceSpec): VoiceDefinition {
  const language = spec.locale.slice(0, 2)
  const labels: VoiceLabels = {
    accent: spec.accent,
    age: spec.age,
    gender: spec.gender,
    use_case: spec.useCase,
    descriptive: spec.descriptive,
    language,
  }
  return {
    voice_id: spec.id,
    name: spec.name,
    description: spec.description,
    labels,
    language,
    locale: spec.locale,
    preview_text: spec.preview,
    engine: spec.engine,
    dsp: { ...FLAT, ...spec.dsp },
  }
}

export const EN_PREVIEW =
  'Hello! This is a preview of my voice. I can read your stories, news and lessons aloud, clearly and calmly.'
export const es = (v: string, variant: string, rate: number, pitch: number, range: number): EngineParams => ({
  engine: 'espeak',
  voice: v,
  variant,
  rate,
  pitch,
  range,
})
