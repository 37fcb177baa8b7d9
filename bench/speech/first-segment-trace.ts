// Where the first segment's time goes, in one thread without the pool: planning, the engine,
// the DSP after it (formant stage, EQ and loudness, trimming, resampling) and the MP3 encoder's
// first 0.1 s slice, for the bench's two families (Flite: Emma, eSpeak NG: Lena), medians of 7
// after a warm-up. Baseline in the same run: the espeak-ng command line's first byte.
import { DEFAULT_OUTPUT_FORMAT } from '@timbre/contract'
import { createEncoder, PREMADE_VOICES, resolveVoiceSettings } from '@timbre/speech'
import { prepareRequest } from '../../packages/speech/src/service/prepare-request.js'
import { renderSegment } from '../../packages/speech/src/synthesis/render-segment.js'
import { fmt, percentile } from '../api/bench-app.js'
import { ensureEspeakCli, runEspeakCli } from './espeak-cli.js'

const TEXTS: Record<string, string> = {
  Emma: 'The old lighthouse keeper climbed the stairs every evening, counting each step as his father had done before him.',
  Lena: 'Der alte Leuchtturmwärter stieg jeden Abend die Treppe hinauf und zählte jede Stufe, wie es schon sein Vater getan hatte.',
}

export async function bench(): Promise<void> {
  console.log('first segment of a 1,000-character request, one thread, median of 7 (ms)')
  console.log(
    '| voice | first segment | plan | render (engine + DSP + resample) | MP3 first 0.1 s | espeak-ng CLI first byte |',
  )
  console.log('|---|---|---|---|---|---|')
  for (const [name, sentence] of Object.entries(TEXTS)) {
    const voice = PREMADE_VOICES.find((v) => v.name === name)!
    const text = `${sentence} `.repeat(9)
    const times = { plan: [] as number[], render: [] as number[], encode: [] as number[] }
    let first = ''
    for (let i = 0; i < 8; i++) {
      let t = performance.now()
      const prepared = prepareRequest({ text, voice, modelId: 'eleven_multilingual_v2', seed: 1 })
      const segment = prepared.plan.segments.find((s) => s.kind === 'speech')!
      const plan = performance.now() - t
      if (segment.kind !== 'speech') continue
      first = segment.text
      t = performance.now()
      const audio = await renderSegment({
        pieces: segment.pieces,
        style: segment.style,
        language: prepared.language,
        voice,
        settings: resolveVoiceSettings(undefined),
        seed: 1,
        outputRate: 44_100,
        quality: 'high',
      })
      const render = performance.now() - t
      t = performance.now()
      createEncoder(DEFAULT_OUTPUT_FORMAT).encode(audio.samples.subarray(0, 4410))
      const encode = performance.now() - t
      if (i === 0) continue
      times.plan.push(plan)
      times.render.push(render)
      times.encode.push(encode)
    }
    const cli = ensureEspeakCli()
      ? (await runEspeakCli(voice.language === 'en' ? 'en-us' : voice.language, text)).firstByteMs
      : Number.NaN
    const med = (xs: number[]) => fmt(percentile(xs, 50), 1)
    console.log(
      `| ${name} | "${first}" (${first.length} chars) | ${med(times.plan)} | ${med(times.render)} | ${med(times.encode)} | ${fmt(cli, 1)} |`,
    )
  }
}
