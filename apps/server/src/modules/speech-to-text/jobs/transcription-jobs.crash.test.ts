import { speechToTextCredits } from '@timbre/contract'
import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, describe, expect, it } from 'vitest'
import { makeCrashBackend, startWithVerifiedUser } from '../../../../test/helpers/crash-backend.js'
import { type ServerProcess, startServerProcess } from '../../../../test/helpers/server-process.js'
import { pcmWav } from '../../../../test/helpers/voice-factory.js'

// A background transcription whose server is killed with SIGKILL mid-run: the next process takes
// the job over once its heartbeat is stale, finishes it, stores one transcript and charges it
// once; the dead run's reservation is released, so nothing stays reserved.

const LEASE_SECONDS = 2
const TEXT = Array.from(
  { length: 6 },
  () => 'The old lighthouse keeper walked slowly along the rocky shore every evening.',
).join(' ')
const emma = PREMADE_VOICES.find((v) => v.name === 'Emma')!

let running: ServerProcess | null = null
afterAll(async () => {
  await running?.kill9()
})

describe('kill -9 during a background transcription', () => {
  it('is taken over by the next process and charged once', async () => {
    const backend = await makeCrashBackend()
    const env = { ...backend.env, CREDIT_LEASE_SECONDS: String(LEASE_SECONDS), SECRET_KEY: 'k'.repeat(32) }
    const started = await startWithVerifiedUser(backend, env, 'stt-jobs')
    running = started.running
    const user = started.user
    const auth = { authorization: `Bearer ${user.token}` }
    const speech = await fetch(`${running.url}/v1/text-to-speech/${emma.voice_id}?output_format=pcm_16000`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ text: TEXT, seed: 5 }),
    })
    expect(speech.status).toBe(200)
    const wav = pcmWav(Buffer.from(await speech.arrayBuffer()), 16_000)
    const form = new FormData()
    form.set('model_id', 'scribe_v1')
    form.set('webhook', 'true')
    form.set('file', new Blob([new Uint8Array(wav)], { type: 'audio/wav' }), 'keeper.wav')
    const answer = await fetch(`${running.url}/v1/speech-to-text`, {
      method: 'POST',
      headers: auth,
      body: form,
    })
    expect(answer.status).toBe(200)
    const id = ((await answer.json()) as { transcription_id: string }).transcription_id
    const job = async () =>
      (await (await fetch(`${running!.url}/v1/speech-to-text/jobs/${id}`, { headers: auth })).json()) as {
        status: string
        progress: number
      }

    // Killed while it runs, before the end.
    let before = await job()
    while (before.status === 'queued') before = await job()
    await running.kill9()
    expect(before.status).toBe('running')

    running = await startServerProcess({ env })
    let after = before
    const deadline = Date.now() + 120_000
    while (['queued', 'running'].includes(after.status) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250))
      after = await job()
    }
    expect(after).toMatchObject({ status: 'done', progress: 100 })
    const transcript = (await (
      await fetch(`${running.url}/v1/speech-to-text/transcripts/${id}`, { headers: auth })
    ).json()) as { text: string; audio_duration_secs: number }
    expect(transcript.text).toContain('lighthouse')

    // The dead run's reservation is released once its lease runs out.
    await new Promise((r) => setTimeout(r, (LEASE_SECONDS * 2 + 1) * 1000))
    await running.stop()
    running = null
    const db = await backend.open()
    try {
      const ledger = await db.db
        .selectFrom('credit_ledger')
        .select(['state', 'characters'])
        .where('kind', '=', 'speech-to-text')
        .execute()
      const rows = await db.db.selectFrom('speech_to_text_jobs').select(['attempts']).execute()
      console.log(`transcription crash: killed at ${before.progress} %, ledger ${JSON.stringify(ledger)}`)
      expect(ledger.filter((l) => l.state === 'charged')).toHaveLength(1)
      expect(Number(ledger.find((l) => l.state === 'charged')!.characters)).toBe(
        speechToTextCredits(transcript.audio_duration_secs),
      )
      expect(ledger.filter((l) => l.state === 'reserved')).toHaveLength(0)
      expect(rows[0]!.attempts).toBe(2)
    } finally {
      await db.close()
      await backend.cleanup()
    }
  }, 300_000)
})
