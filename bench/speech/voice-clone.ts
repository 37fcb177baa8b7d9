// Instant clone fidelity and cost, through HTTP: three speakers made with our own engines
// (slow and low, fast and bright, in between) read a sample that is cloned (POST /v1/voices/add);
// the speaker, its clone and the plain base voice the clone started from then read the same
// sentence, and each feature of the clone and of the base (the same-run baseline) is compared
// with the speaker's. Then the render time of a paragraph by the clone beside its base: what
// the fitted formant shift and EQ add.
import { analyseVoice, compareFeatures, type FeatureComparison } from '@timbre/speech'
import {
  CLONE_COMPARE_TEXT,
  CLONE_SAMPLE_TEXT,
  CLONE_SPEAKERS,
  cloneBaseNamed,
  insertSpeakerVoice,
  pcmFloat,
} from '../../apps/server/test/helpers/clone-speakers.js'
import { pcmWav } from '../../apps/server/test/helpers/voice-factory.js'
import { startBenchServer } from '../api/bench-app.js'

const RATE = 16_000
const PARAGRAPH =
  'The old lighthouse keeper climbed the stairs every evening, counting each step as his father had done before him. ' +
  'From the top he could see the whole bay: the fishing boats coming home, the gulls circling over the harbour, ' +
  'and the long line of hills that turned purple when the sun went down.'
const RENDER_RUNS = 3

type Server = Awaited<ReturnType<typeof startBenchServer>>

async function speak(server: Server, voiceId: string, text: string, seed = 1): Promise<Uint8Array> {
  const response = await fetch(`${server.url}/v1/text-to-speech/${voiceId}?output_format=pcm_16000`, {
    method: 'POST',
    headers: { 'xi-api-key': server.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ text, model_id: 'eleven_multilingual_v2', seed }),
  })
  if (!response.ok) throw new Error(`text to speech: ${response.status} ${await response.text()}`)
  return new Uint8Array(await response.arrayBuffer())
}

async function clone(server: Server, name: string, sample: Uint8Array): Promise<{ id: string; ms: number }> {
  const form = new FormData()
  form.append('name', name)
  form.append('labels', JSON.stringify({ language: 'en' }))
  form.append(
    'files',
    new Blob([new Uint8Array(pcmWav(Buffer.from(sample), RATE))], { type: 'audio/wav' }),
    'sample.wav',
  )
  const started = performance.now()
  const response = await fetch(`${server.url}/v1/voices/add`, {
    method: 'POST',
    headers: { 'xi-api-key': server.apiKey },
    body: form,
  })
  const ms = performance.now() - started
  if (!response.ok) throw new Error(`voices/add: ${response.status} ${await response.text()}`)
  return { id: ((await response.json()) as { voice_id: string }).voice_id, ms }
}

/** Median milliseconds of render per second of audio: voices at different paces compare fairly. */
async function renderMsPerSecond(server: Server, voiceId: string): Promise<number> {
  const costs: number[] = []
  for (let run = 0; run < RENDER_RUNS; run++) {
    const started = performance.now()
    const pcm = await speak(server, voiceId, PARAGRAPH, run + 1)
    costs.push((performance.now() - started) / (pcm.byteLength / 2 / RATE))
  }
  return costs.sort((a, b) => a - b)[Math.floor(costs.length / 2)]!
}

const show = (v: number | null, digits = 2) => (v === null ? '-' : v.toFixed(digits))

function featureRow(speaker: string, voice: string, c: FeatureComparison) {
  return {
    speaker,
    voice,
    'rate ratio': show(c.speaking_rate_ratio),
    'F0 (st)': show(c.f0_median_semitones),
    'F0 range (st)': show(c.f0_range_semitones),
    'brightness ratio': show(c.brightness_ratio),
    'envelope (dB)': show(c.envelope_distance_db),
  }
}

export async function bench(): Promise<void> {
  const server = await startBenchServer()
  try {
    const user = await server.database.db
      .selectFrom('users')
      .select('id')
      .where('workspace_id', '=', server.workspaceId)
      .executeTakeFirstOrThrow()
    const features: ReturnType<typeof featureRow>[] = []
    const costs: Record<string, string>[] = []
    for (const speaker of CLONE_SPEAKERS) {
      const speakerId = await insertSpeakerVoice(server.database.db, user.id, speaker.key, speaker.definition)
      const made = await clone(
        server,
        `Clone of ${speaker.key}`,
        await speak(server, speakerId, CLONE_SAMPLE_TEXT),
      )
      const row = await server.database.db
        .selectFrom('voices')
        .select('definition')
        .where('id', '=', made.id)
        .executeTakeFirstOrThrow()
      const definition = row.definition as {
        dsp: unknown
        engine: unknown
        clone_analysis: { base_voice_id: string }
      }
      const base = cloneBaseNamed(definition.clone_analysis.base_voice_id)
      const baseId = await insertSpeakerVoice(server.database.db, user.id, `base ${speaker.key}`, base)
      const measure = async (id: string) =>
        analyseVoice(pcmFloat(await speak(server, id, CLONE_COMPARE_TEXT)), RATE)
      const said = await measure(speakerId)
      features.push(featureRow(speaker.key, 'clone', compareFeatures(await measure(made.id), said)))
      features.push(
        featureRow(speaker.key, `base (${base.name})`, compareFeatures(await measure(baseId), said)),
      )
      const baseMs = await renderMsPerSecond(server, baseId)
      const cloneMs = await renderMsPerSecond(server, made.id)
      costs.push({
        speaker: speaker.key,
        'clone created (ms)': made.ms.toFixed(0),
        'base (ms per s of audio)': baseMs.toFixed(0),
        'clone (ms per s of audio)': cloneMs.toFixed(0),
        'added (%)': (((cloneMs - baseMs) / baseMs) * 100).toFixed(0),
      })
      console.log(
        `${speaker.label}\n  clone engine ${JSON.stringify(definition.engine)}\n  dsp ${JSON.stringify(definition.dsp)}`,
      )
    }
    console.log(
      '\nEach voice against the speaker, on the same sentence (rate ratio 1 = same pace; 0 st, 0 dB = same)',
    )
    console.table(features)
    console.log(
      `\nCost: clone creation (the first also measures the base voices), and the median render time of a ` +
        `${PARAGRAPH.length}-character paragraph (${RENDER_RUNS} runs) per second of audio, through HTTP`,
    )
    console.table(costs)
  } finally {
    await server.stop()
  }
}
