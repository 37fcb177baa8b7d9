// A render thread's warm-up: one short phrase through each built-in engine family (Flite and
// eSpeak NG) and the DSP chain, run by the pool when the thread is idle. A new thread's first
// render pays for loading the engines and for code that V8 has not optimised yet (about a
// second on a busy machine, against a few hundred milliseconds once warm); paid here, it is off
// the path of the request that would otherwise meet it.
import { DEFAULT_STYLE } from '../text/audio-tags.js'
import type { EngineId } from '../types.js'
import { PREMADE_VOICES } from '../voices/premade-voices.js'
import { renderSegment } from './render-segment.js'
import { resolveVoiceSettings } from './voice-settings.js'

const PHRASE = 'Hello there.'
const FAMILIES: readonly EngineId[] = ['flite', 'espeak']

export interface WarmUpReport {
  /** Milliseconds per engine family, in the order they ran. */
  engines: Array<{ engine: EngineId; ms: number }>
}

export async function warmUpRenderThread(outputRate = 44_100): Promise<WarmUpReport> {
  const engines: WarmUpReport['engines'] = []
  for (const engine of FAMILIES) {
    const voice = PREMADE_VOICES.find((v) => v.engine.engine === engine && v.language !== 'ja')
    if (!voice) continue
    const started = performance.now()
    await renderSegment({
      pieces: [{ kind: 'text', text: PHRASE, normStart: 0, normEnd: PHRASE.length }],
      style: { ...DEFAULT_STYLE },
      language: voice.language,
      voice,
      settings: resolveVoiceSettings(undefined),
      seed: 1,
      outputRate,
      quality: 'high',
    })
    engines.push({ engine, ms: performance.now() - started })
  }
  return { engines }
}
