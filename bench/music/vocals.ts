// Sung lines: render time of a 60 s song with lines beside the same plan and seed without them
// (same run, same thread), exact lengths, and how well the voice keeps to the melody (median
// pitch error per sung note, syllables starting on their notes).
import type { CompositionPlan } from '@timbre/contract'
import { composeScore, createSinger, MusicRenderer, noteHz, singVocals } from '@timbre/speech'

const LINES = [
  'The morning light is on the hill',
  'and I walk along the river',
  'Sing with me tonight',
  'we are golden in the sun',
]

function plan(voice: string, sung: boolean): CompositionPlan {
  const section = (name: string, ms: number, lines: string[]) => ({
    section_name: name,
    positive_local_styles: [],
    negative_local_styles: [],
    duration_ms: ms,
    lines: sung ? lines : [],
  })
  return {
    positive_global_styles: ['pop', 'drums', voice],
    negative_global_styles: [],
    sections: [
      section('Intro', 8000, []),
      section('Verse', 16_000, LINES),
      section('Chorus', 16_000, [...LINES.slice(2), ...LINES.slice(0, 2)]),
      section('Verse 2', 12_000, LINES.slice(0, 2)),
      section('Outro', 8000, []),
    ],
  }
}

async function accuracy(voice: string): Promise<string> {
  const rate = 22050
  const engine = await createSinger()
  const { vocals, sung } = await singVocals(
    composeScore({ plan: plan(voice, true), seed: 3 }).score,
    engine,
    rate,
  )
  const x = vocals as Float32Array
  const at = (ms: number) => Math.round((ms * rate) / 1000)
  const errors: number[] = []
  for (const note of sung) {
    const hz = noteHz(x, rate, at(note.startMs + (note.endMs - note.startMs) * 0.35), at(note.endMs - 25))
    if (hz > 0) errors.push(Math.abs(1200 * Math.log2(hz / (440 * 2 ** ((note.note - 69) / 12)))))
  }
  errors.sort((a, b) => a - b)
  let onTime = 0
  const starts = sung.filter((n) => n.syllableStart)
  for (const note of starts) {
    const before = sung.filter((n) => n.endMs <= note.startMs).at(-1)
    let onset = -1
    for (
      let i = Math.max(at(note.startMs - 40), before ? at(before.endMs) : 0);
      i < at(note.startMs + 120);
      i += at(5)
    ) {
      let sum = 0
      for (let k = i; k < i + at(5); k++) sum += (x[k] ?? 0) ** 2
      if (Math.sqrt(sum / at(5)) > 0.002) {
        onset = i
        break
      }
    }
    if (onset >= 0 && Math.abs(onset - at(note.startMs)) <= at(20)) onTime++
  }
  const cents = (p: number) => (errors[Math.floor((errors.length - 1) * p)] ?? Number.NaN).toFixed(1)
  return (
    `${voice}: ${sung.length} sung notes, pitch measured on ${errors.length}; error median ${cents(0.5)} cents, ` +
    `90th percentile ${cents(0.9)}; syllables starting within 20 ms of their note ${onTime}/${starts.length}`
  )
}

export async function bench(): Promise<void> {
  const renderer = new MusicRenderer()
  if (!renderer.available) {
    console.log('no General MIDI bank installed (fluid-soundfont-gm): skipped')
    return
  }
  try {
    const render = async (sung: boolean, format: string) => {
      const { score } = composeScore({ plan: plan('female vocals', sung), seed: 3 })
      const started = performance.now()
      const rendered = await renderer.render({ score, format, stems: false })
      return { rendered, ms: performance.now() - started }
    }
    // Warm the thread: the bank, and the singer's engine with its voice.
    await render(true, 'pcm_22050')
    const pcm = await render(true, 'pcm_22050')
    console.log(
      `length with vocals: 60 000 ms asked, ${((pcm.rendered.audio.length / 2 / 22050) * 1000).toFixed(2)} ms rendered`,
    )
    console.log('60 s song, MP3 44.1 kHz with encoding (alternating, same run):')
    for (let round = 0; round < 2; round++) {
      for (const sung of [false, true]) {
        const { rendered, ms } = await render(sung, 'mp3_44100_128')
        console.log(
          `  ${sung ? 'with sung lines' : 'instrumental   '} ${(ms / 1000).toFixed(2)} s` +
            (sung ? ` (singing ${((rendered.singMs ?? 0) / 1000).toFixed(2)} s of it)` : ''),
        )
      }
    }
    const streamed = composeScore({ plan: plan('female vocals', true), seed: 3 }).score
    const started = performance.now()
    let first = 0
    await renderer.render({ score: streamed, format: 'mp3_44100_128', stems: false }, () => {
      if (first === 0) first = performance.now() - started
    })
    console.log(`streamed with vocals: first audio after ${first.toFixed(0)} ms`)
    for (const voice of ['female vocals', 'male vocals']) console.log(await accuracy(voice))
  } finally {
    await renderer.close()
  }
}
