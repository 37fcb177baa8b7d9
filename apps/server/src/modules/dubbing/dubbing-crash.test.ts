import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js'
import { dubbingCredits } from '@timbre/contract'
import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, describe, expect, it } from 'vitest'
import { type CrashBackend, makeCrashBackend, signUpThroughApi } from '../../../test/helpers/crash-backend.js'
import { type ServerProcess, startServerProcess } from '../../../test/helpers/server-process.js'
import { pcmWav } from '../../../test/helpers/voice-factory.js'

// A dub survives kill -9: the server dies in the middle of the pipeline, a new process on the
// same data takes the dub over once its heartbeat is stale and dubs it from the start. The
// workspace is charged the dub's price exactly once, and no reservation stays open. It runs on
// embedded PGlite by default and on PostgreSQL with DATABASE_URL. The test reads the database
// itself only while no server process is running: PGlite takes no lock on its directory, and a
// second process opening it beside a running server corrupts it (the next open aborts).

const LEASE_SECONDS = 2
/** A first start makes the embedded database and runs every migration: slow on a busy machine. */
const READY_MS = 240_000
const TEXT =
  'The lighthouse keeper climbed the stairs before the storm. Far below, the boats pulled against their ropes.'

let running: ServerProcess | null = null
afterAll(async () => {
  await running?.kill9()
})

interface DubView {
  status: string
  progress: number
  progress_message: string | null
  credits: number
  media_metadata: { duration: number }
}

async function ledgerOf(backend: CrashBackend, userId: string) {
  const db = await backend.open()
  try {
    const { workspace_id } = await db.db
      .selectFrom('users')
      .select('workspace_id')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    const ledger = await db.db
      .selectFrom('credit_ledger')
      .select(['state', 'characters'])
      .where('workspace_id', '=', workspace_id)
      .where('kind', '=', 'dubbing')
      .execute()
    const { character_count } = await db.db
      .selectFrom('subscriptions')
      .select('character_count')
      .where('workspace_id', '=', workspace_id)
      .executeTakeFirstOrThrow()
    return {
      ledger: ledger.map((l) => ({ ...l, characters: Number(l.characters) })),
      count: Number(character_count),
    }
  } finally {
    await db.close()
  }
}

describe('kill -9 during a dub', () => {
  it('is taken over after a restart and charged exactly once', async () => {
    const backend = await makeCrashBackend()
    const env = { ...backend.env, CREDIT_LEASE_SECONDS: String(LEASE_SECONDS), SECRET_KEY: 'k'.repeat(32) }
    try {
      running = await startServerProcess({ env, readyTimeoutMs: READY_MS })
      const user = await signUpThroughApi(running.url, 'dubbing-crash')
      await running.stop()
      const setup = await backend.open()
      await setup.db
        .updateTable('subscriptions')
        .set({ tier: 'pro', status: 'active', character_count: 0, character_limit: 500_000 })
        .execute()
      await setup.db.updateTable('users').set({ email_verified_at: new Date() }).execute()
      await setup.close()

      running = await startServerProcess({ env, readyTimeoutMs: READY_MS })
      const keyResponse = await fetch(`${running.url}/v1/user/api-keys`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'sdk' }),
      })
      const apiKey = ((await keyResponse.json()) as { api_key: string }).api_key
      let client = new ElevenLabsClient({ apiKey, baseUrl: running.url })
      const voice = PREMADE_VOICES.find((v) => v.name === 'Noah')!
      const speech = await client.textToSpeech.convertWithTimestamps(voice.voice_id, {
        text: TEXT,
        outputFormat: 'pcm_16000',
      })
      const pcm = Buffer.from(speech.audioBase64, 'base64')
      const seconds = pcm.length / 2 / 16_000
      // Read through the API: the embedded database must not be opened by a second process while
      // the server has it (two PGlite instances writing one directory corrupt it).
      const afterSpeech = (await client.user.subscription.get()).characterCount
      const created = await client.dubbing.create({
        file: { data: pcmWav(pcm, 16_000), filename: 'keeper.wav' },
        targetLang: 'es',
        watermark: true,
      })
      const view = async () =>
        (await (
          await fetch(`${running!.url}/v1/dubbing/${created.dubbingId}`, {
            headers: { 'xi-api-key': apiKey },
          })
        ).json()) as DubView
      let before = await view()
      while (before.status === 'dubbing' && before.progress < 5) {
        await new Promise((r) => setTimeout(r, 20))
        before = await view()
      }
      await running.kill9()
      expect(before.status).toBe('dubbing')

      running = await startServerProcess({ env, readyTimeoutMs: READY_MS })
      client = new ElevenLabsClient({ apiKey, baseUrl: running.url })
      const started = Date.now()
      let after = await view()
      while (after.status === 'dubbing' && Date.now() - started < 300_000) {
        await new Promise((r) => setTimeout(r, 250))
        after = await view()
      }
      const resumedIn = (Date.now() - started) / 1000
      expect(after.status).toBe('dubbed')
      // Priced on the audio the server decoded, whose length may differ from the raw samples' by
      // a few milliseconds (enough to cross a credit boundary): the same audio, the same rate.
      expect(Math.abs(after.media_metadata.duration - seconds)).toBeLessThan(0.05)
      const price = after.credits
      expect(
        Math.abs(price - dubbingCredits(seconds, { watermark: true, studio: false })),
      ).toBeLessThanOrEqual(1)
      // The dead run's reservation is released once its lease runs out.
      await new Promise((r) => setTimeout(r, (LEASE_SECONDS * 2 + 1) * 1000))
      await running.stop()
      running = null
      const { ledger, count } = await ledgerOf(backend, user.userId)
      console.info(
        `${backend.name}: killed at ${before.progress} % (${before.progress_message}), dubbed ${resumedIn.toFixed(1)} s after the restart;`,
        ledger,
      )
      expect(ledger.filter((l) => l.state === 'charged').map((l) => l.characters)).toEqual([price])
      expect(ledger.filter((l) => l.state === 'reserved')).toEqual([])
      expect(count - afterSpeech).toBe(price)
    } finally {
      await running?.kill9()
      running = null
      await backend.cleanup()
    }
  }, 900_000)
})
