import { DEFAULT_OUTPUT_FORMAT } from '@timbre/contract'
import type { Voice } from '../../lib/api-types'
import { type LanguagePreview, player } from '../player/player-store'

/** One preview per language a voice speaks (its verified languages), else its own preview. */
export function languagePreviews(voice: Pick<Voice, 'verified_languages' | 'preview_url' | 'language'>) {
  const previews: LanguagePreview[] = []
  for (const entry of voice.verified_languages ?? []) {
    if (!entry.preview_url || previews.some((p) => p.language === entry.language)) continue
    previews.push({ language: entry.language, url: entry.preview_url })
  }
  if (previews.length === 0 && voice.preview_url)
    previews.push({ language: voice.language ?? '', url: voice.preview_url })
  return previews
}

/** Plays a voice's preview in the persistent player, in one language if given. */
export function playVoicePreview(voice: Voice, language?: string): boolean {
  const previews = languagePreviews(voice)
  const chosen = previews.find((p) => p.language === language) ?? previews[0]
  if (!chosen) return false
  player.load({
    type: 'voicePreview',
    historyItemId: null,
    title: voice.name,
    text: voice.description ?? '',
    voiceId: voice.voice_id,
    voiceName: voice.name,
    voiceDescription: voice.description,
    voiceCategory: voice.category,
    modelId: null,
    settings: null,
    dateUnix: null,
    src: chosen.url,
    autoStart: true,
    outputFormat: DEFAULT_OUTPUT_FORMAT,
    languagePreviews: previews,
    language: chosen.language,
  })
  return true
}

/** Plays an uploaded sample of a workspace voice (same origin: the session cookie goes along). */
export function playVoiceSample(voice: Voice, sample: { sample_id: string; file_name: string }): void {
  player.load({
    type: 'voicePreview',
    historyItemId: null,
    title: sample.file_name,
    text: '',
    voiceId: voice.voice_id,
    voiceName: voice.name,
    voiceDescription: voice.description,
    voiceCategory: voice.category,
    modelId: null,
    settings: null,
    dateUnix: null,
    src: `/v1/voices/${encodeURIComponent(voice.voice_id)}/samples/${encodeURIComponent(sample.sample_id)}/audio`,
    autoStart: true,
    outputFormat: null,
  })
}
