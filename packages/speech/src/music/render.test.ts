import type { CompositionPlan } from '@timbre/contract'
import { afterAll, describe, expect, it } from 'vitest'
import { composeScore } from './compose.js'
import { estimateKey, estimateTempo, percussiveShare, spectralCentroid } from './measure.js'
import { MusicRenderer } from './music-renderer.js'
import { planFromPrompt } from './plan.js'

// Rendered through the music thread with the Fluid R3 bank, then measured as audio.
const renderer = new MusicRenderer()
afterAll(() => renderer.close())

const RATE = 22050
const FORMAT = `pcm_${RATE}`

function samplesOf(pcm: Uint8Array): Float32Array {
  const view = new DataView(pcm.buffer, pcm.byteOffset, pcm.byteLength)
  return Float32Array.from({ length: pcm.byteLength / 2 }, (_, i) => view.getInt16(i * 2, true) / 32768)
}

async function song(prompt: string, lengthMs: number, seed: number, format = FORMAT, stems = false) {
  const { plan, style } = planFromPrompt({ prompt, lengthMs, seed })
  const { score } = composeScore({ plan, seed })
  const rendered = await renderer.render({ score, format, stems })
  return {
    plan,
    style,
    score,
    rendered,
    samples: format.startsWith('pcm') ? samplesOf(rendered.audio) : null,
  }
}

function rms(samples: Float32Array): number {
  let sum = 0
  for (const v of samples) sum += v * v
  return Math.sqrt(sum / Math.max(1, samples.length))
}

describe.runIf(renderer.available)('rendered music', () => {
  it('lasts the requested length to the sample and fits the prompt', async () => {
    const calm = await song('slow calm piano lullaby', 12_345, 1)
    const rock = await song('fast energetic rock with drums', 12_345, 1)
    for (const s of [calm, rock]) expect(s.samples?.length).toBe(Math.round((12_345 * RATE) / 1000))
    const calmTempo = estimateTempo(calm.samples as Float32Array, RATE)
    const rockTempo = estimateTempo(rock.samples as Float32Array, RATE)
    expect(calmTempo).toBeLessThan(90)
    expect(rockTempo).toBeGreaterThan(120)
    expect(Math.abs(rockTempo - rock.style.bpm)).toBeLessThan(rock.style.bpm * 0.06)
    expect(spectralCentroid(rock.samples as Float32Array, RATE)).toBeGreaterThan(
      spectralCentroid(calm.samples as Float32Array, RATE),
    )
    expect(percussiveShare(rock.samples as Float32Array)).toBeGreaterThan(
      2 * percussiveShare(calm.samples as Float32Array),
    )
  })

  it('a minor-key prompt measures minor, a major one major', async () => {
    const minor = await song('sad piano ballad in A minor', 10_000, 2)
    const major = await song('happy pop song in G major', 10_000, 2)
    expect(estimateKey(minor.samples as Float32Array, RATE).mode).toBe('minor')
    expect(estimateKey(major.samples as Float32Array, RATE).mode).toBe('major')
  })

  it('the same seed gives the same bytes; another seed other bytes', async () => {
    const a = await song('lofi hip hop with electric piano', 6000, 11, 'mp3_44100_128')
    const b = await song('lofi hip hop with electric piano', 6000, 11, 'mp3_44100_128')
    const c = await song('lofi hip hop with electric piano', 6000, 12, 'mp3_44100_128')
    expect(Buffer.from(a.rendered.audio).equals(Buffer.from(b.rendered.audio))).toBe(true)
    expect(Buffer.from(a.rendered.audio).equals(Buffer.from(c.rendered.audio))).toBe(false)
  })

  it('keeps its stems; a song without drums has a silent drum stem', async () => {
    const plan: CompositionPlan = {
      positive_global_styles: ['funk', 'groovy'],
      negative_global_styles: ['drums'],
      sections: [
        {
          section_name: 'Verse',
          positive_local_styles: [],
          negative_local_styles: [],
          duration_ms: 4000,
          lines: [],
        },
      ],
    }
    const rendered = await renderer.render({
      score: composeScore({ plan, seed: 3 }).score,
      format: FORMAT,
      stems: true,
    })
    const stems = rendered.stems ?? {}
    expect(rms(samplesOf(stems.drums ?? new Uint8Array(0)))).toBe(0)
    expect(rms(samplesOf(stems.bass ?? new Uint8Array(0)))).toBeGreaterThan(0.005)
    expect(rms(samplesOf(stems.harmony ?? new Uint8Array(0)))).toBeGreaterThan(0.005)
    expect(rms(samplesOf(stems.melody ?? new Uint8Array(0)))).toBeGreaterThan(0.005)
  })

  it('streams: the first audio arrives long before the song is done', async () => {
    const { plan } = planFromPrompt({ prompt: 'house music', lengthMs: 20_000, seed: 1 })
    const started = performance.now()
    let first = 0
    let bytes = 0
    await renderer.render(
      { score: composeScore({ plan, seed: 1 }).score, format: 'mp3_44100_128', stems: false },
      (chunk) => {
        if (first === 0) first = performance.now() - started
        bytes += chunk.length
      },
    )
    const total = performance.now() - started
    expect(bytes).toBeGreaterThan(200_000)
    expect(first).toBeLessThan(total / 3)
  })
})
