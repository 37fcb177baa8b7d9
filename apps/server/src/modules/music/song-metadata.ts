import type { CompositionPlan, SongMetadata } from '@timbre/contract'
import { keyName, type MusicStyle } from '@timbre/speech'

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

/** Title and description from what the composer made of the styles. */
export function songMetadata(style: MusicStyle, plan: CompositionPlan, instrumental: boolean): SongMetadata {
  const mood = style.moods[0]
  const title = [mood ? capital(mood) : null, style.genre.name].filter(Boolean).join(' ')
  const parts = style.instruments.length > 0 ? ` with ${style.instruments.join(', ')}` : ''
  const sung = !instrumental && style.vocals && plan.sections.some((s) => s.lines.length > 0)
  return {
    title: `${title} in ${keyName(style)}`,
    description:
      `A ${style.bpm} BPM ${style.genres.join(' / ').toLowerCase()} piece in ${keyName(style)}${parts}, ` +
      `${plan.sections.length} section${plan.sections.length === 1 ? '' : 's'}` +
      (sung ? `, its lines sung on the melody by a synthesized ${style.voice} voice.` : ', instrumental.'),
    genres: style.genres,
    languages: sung ? ['en'] : [],
    is_explicit: false,
  }
}
