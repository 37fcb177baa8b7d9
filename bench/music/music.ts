// Music: length accuracy, whether songs fit their prompts (tempo by onsets, spectral centroid,
// percussive share, key mode by chroma), reproducibility and speed of the SoundFont renderer.
import {
  composeScore,
  estimateKey,
  estimateTempo,
  MusicRenderer,
  percussiveShare,
  planFromPrompt,
  spectralCentroid,
} from '@timbre/speech'

const RATE = 22050

function samplesOf(pcm: Uint8Array): Float32Array {
  const view = new DataView(pcm.buffer, pcm.byteOffset, pcm.byteLength)
  return Float32Array.from({ length: pcm.byteLength / 2 }, (_, i) => view.getInt16(i * 2, true) / 32768)
}

export async function bench(): Promise<void> {
  const renderer = new MusicRenderer()
  if (!renderer.available) {
    console.log('no General MIDI bank installed (fluid-soundfont-gm): skipped')
    return
  }
  try {
    const song = async (prompt: string, lengthMs: number, seed: number, format = `pcm_${RATE}`) => {
      const { plan, style } = planFromPrompt({ prompt, lengthMs, seed })
      const { score } = composeScore({ plan, seed })
      const started = performance.now()
      const rendered = await renderer.render({ score, format, stems: false })
      return { plan, style, score, rendered, ms: performance.now() - started }
    }
    await song('warm up', 3000, 1)

    console.log('length (requested -> rendered, error ms; worst section error ms)')
    for (const lengthMs of [3000, 12_345, 61_234, 150_000]) {
      const s = await song('happy pop with drums', lengthMs, 2)
      const renderedMs = (samplesOf(s.rendered.audio).length * 1000) / RATE
      const sectionError = Math.max(
        ...s.plan.sections.map((p, i) => Math.abs((s.score.sections[i]?.durationMs ?? 0) - p.duration_ms)),
      )
      console.log(
        `  ${lengthMs} ms -> ${renderedMs.toFixed(1)} ms, error ${Math.abs(renderedMs - lengthMs).toFixed(2)} ms; sections ${sectionError} ms`,
      )
    }

    console.log('fits the prompt (30 s each): bpm asked, bpm measured, centroid Hz, percussive share')
    for (const prompt of ['slow calm piano lullaby', 'fast energetic rock with drums']) {
      const s = await song(prompt, 30_000, 1)
      const x = samplesOf(s.rendered.audio)
      console.log(
        `  ${prompt.padEnd(32)} ${s.style.bpm} -> ${estimateTempo(x, RATE).toFixed(1)} BPM, ` +
          `${spectralCentroid(x, RATE).toFixed(0)} Hz, ${percussiveShare(x).toFixed(3)}`,
      )
    }

    let minor = 0
    let total = 0
    for (const prompt of [
      'sad piano ballad in A minor',
      'dark cinematic in D minor',
      'melancholic folk in E minor',
    ]) {
      for (const seed of [1, 2, 3]) {
        const s = await song(prompt, 15_000, seed)
        total++
        if (estimateKey(samplesOf(s.rendered.audio), RATE).mode === 'minor') minor++
      }
    }
    console.log(`minor-key prompts measured minor by chroma: ${minor}/${total}`)

    const a = await song('lofi hip hop', 10_000, 7, 'mp3_44100_128')
    const b = await song('lofi hip hop', 10_000, 7, 'mp3_44100_128')
    const c = await song('lofi hip hop', 10_000, 8, 'mp3_44100_128')
    const same = Buffer.from(a.rendered.audio).equals(Buffer.from(b.rendered.audio))
    const other = !Buffer.from(a.rendered.audio).equals(Buffer.from(c.rendered.audio))
    console.log(`same seed -> same bytes: ${same}; another seed -> other bytes: ${other}`)

    const sixty = await song('funky disco with brass', 60_000, 3, 'mp3_44100_128')
    console.log(`a 60 s song (MP3 44.1 kHz, with encoding) renders in ${(sixty.ms / 1000).toFixed(2)} s`)
    const { plan } = planFromPrompt({ prompt: 'house music', lengthMs: 60_000, seed: 4 })
    const started = performance.now()
    let first = 0
    await renderer.render(
      { score: composeScore({ plan, seed: 4 }).score, format: 'mp3_44100_128', stems: false },
      () => {
        if (first === 0) first = performance.now() - started
      },
    )
    console.log(
      `streamed: first audio after ${first.toFixed(0)} ms, all of 60 s after ${((performance.now() - started) / 1000).toFixed(2)} s`,
    )
  } finally {
    await renderer.close()
  }
}
