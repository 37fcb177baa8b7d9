// The text planner's warm-up. A request is planned on the caller's thread (errors must reach
// the caller before any audio), and the first plan in each language pays for loading that
// language's rules and for code V8 has not optimised yet: several hundred milliseconds for a
// long text, during which the server answers nothing else. Planning one sample per language at
// start-up, one language per turn of the event loop so requests that arrive meanwhile still get
// their turn, moves that cost out of the first requests.
import { PREMADE_VOICES } from '../voices/premade-voices.js'
import { prepareRequest } from './prepare-request.js'

/** Sentences with numbers, money, dates and abbreviations, so the normalisers run too. */
const EXTRA = ' On 3 March 2024 Dr. Smith paid $1,250.50 for 12 items (about 45%).'

export function warmPlanner(): { done: Promise<number> } {
  const seen = new Set<string>()
  const voices = PREMADE_VOICES.filter((v) => !seen.has(v.language) && seen.add(v.language))
  let planned = 0
  const done = new Promise<number>((resolve) => {
    const next = (i: number) => {
      const voice = voices[i]
      if (!voice) {
        resolve(planned)
        return
      }
      try {
        prepareRequest({ text: `${voice.preview_text}${EXTRA}`, voice, modelId: 'eleven_multilingual_v2' })
        planned++
      } catch {
        // A language the model does not speak: nothing to warm for it.
      }
      setImmediate(() => next(i + 1)).unref()
    }
    setImmediate(() => next(0)).unref()
  })
  return { done }
}
