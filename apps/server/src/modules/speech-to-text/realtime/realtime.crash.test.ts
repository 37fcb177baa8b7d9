import { speechToTextCredits } from '@timbre/contract'
import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { makeCrashBackend, startWithVerifiedUser } from '../../../../test/helpers/crash-backend.js'
import { type ServerProcess, startServerProcess } from '../../../../test/helpers/server-process.js'

// A realtime transcription session whose server is killed with SIGKILL mid-speech: after a
// restart the sweeper settles the session's reservation for the audio the partial transcripts
// covered (never more than was sent), and nothing stays reserved.

const LEASE_SECONDS = 2
const SENTENCE = 'My neighbour grows tomatoes and beans in a small garden behind the house.'
const emma = PREMADE_VOICES.find((v) => v.name === 'Emma')!

let running: ServerProcess | null = null
afterAll(async () => {
  await running?.kill9()
})

describe('kill -9 during a realtime transcription', () => {
  it('charges the audio the transcripts covered, once', async () => {
    const backend = await makeCrashBackend()
    const env = { ...backend.env, CREDIT_LEASE_SECONDS: String(LEASE_SECONDS), SECRET_KEY: 'k'.repeat(32) }
    const started = await startWithVerifiedUser(backend, env, 'realtime')
    running = started.running
    const user = started.user
    const headers = { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' }
    const speech = await fetch(`${running.url}/v1/text-to-speech/${emma.voice_id}?output_format=pcm_16000`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ text: SENTENCE, seed: 5 }),
    })
    expect(speech.status).toBe(200)
    const pcm = Buffer.from(await speech.arrayBuffer())

    const ws = new WebSocket(
      `${running.url.replace('http', 'ws')}/v1/speech-to-text/realtime?model_id=scribe_v2_realtime&audio_format=pcm_16000`,
      { headers: { authorization: `Bearer ${user.token}` } },
    )
    const partials: string[] = []
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as { message_type: string; text?: string }
      if (m.message_type === 'partial_transcript') partials.push(m.text ?? '')
    })
    ws.on('error', () => undefined)
    await new Promise<void>((resolve) => ws.once('open', () => resolve()))
    // At the pace of speech, 100 ms a message, until a partial came back.
    let sent = 0
    while (sent < pcm.length && partials.length < 1) {
      ws.send(
        JSON.stringify({
          message_type: 'input_audio_chunk',
          audio_base_64: pcm.subarray(sent, sent + 3200).toString('base64'),
        }),
      )
      sent += 3200
      await new Promise((r) => setTimeout(r, 100))
    }
    // A loaded machine may still be working through what was sent.
    for (let i = 0; i < 300 && partials.length < 1; i++) await new Promise((r) => setTimeout(r, 100))
    expect(partials.length).toBeGreaterThan(0)
    await running.kill9()
    ws.terminate()

    running = await startServerProcess({ env })
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
      const sentSeconds = sent / 32_000
      console.log(
        `realtime crash: ${sentSeconds.toFixed(1)} s sent, partials ${JSON.stringify(partials)}, ledger ${JSON.stringify(ledger)}`,
      )
      expect(ledger).toHaveLength(1)
      expect(ledger[0]!.state).toBe('charged')
      expect(Number(ledger[0]!.characters)).toBeGreaterThan(0)
      expect(Number(ledger[0]!.characters)).toBeLessThanOrEqual(speechToTextCredits(sentSeconds))
    } finally {
      await db.close()
      await backend.cleanup()
    }
  }, 180_000)
})
