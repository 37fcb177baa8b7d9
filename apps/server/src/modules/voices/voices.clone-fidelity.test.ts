import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js'
import { analyseVoice, compareFeatures, type FeatureComparison, type VoiceFeatures } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CLONE_COMPARE_TEXT,
  CLONE_SAMPLE_TEXT,
  CLONE_SPEAKERS,
  cloneBaseNamed,
  describeFeatures,
  insertSpeakerVoice,
  pcmFloat,
} from '../../../test/helpers/clone-speakers.js'
import { createUser, type TestUser, workspaceIdOf } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { pcmWav } from '../../../test/helpers/voice-factory.js'

// Instant clones keep the sample's pace and colour, measured through the official SDK: three
// speakers made with our own engines (slow and low, fast and bright, in between) each read a
// sample that is cloned; the speaker, its clone and the plain base voice the clone started from
// then read the same sentence, and each feature of the clone and of the base is compared with
// the speaker's. The clone's pace is within 15 % of the speaker's, its pitch within two
// semitones, and over the three its colour (envelope, brightness) nearer than the base's.

const RATE = 16_000

let t: TestApp
let owner: TestUser
let client: ElevenLabsClient

async function speak(voiceId: string, text: string): Promise<VoiceFeatures> {
  const parts: Uint8Array[] = []
  const stream = await client.textToSpeech.convert(voiceId, {
    text,
    modelId: 'eleven_multilingual_v2',
    outputFormat: 'pcm_16000',
    seed: 1,
  })
  for await (const part of stream as unknown as AsyncIterable<Uint8Array>) parts.push(part)
  return analyseVoice(pcmFloat(Buffer.concat(parts)), RATE)
}

async function sampleWav(voiceId: string): Promise<File> {
  const parts: Uint8Array[] = []
  const stream = await client.textToSpeech.convert(voiceId, {
    text: CLONE_SAMPLE_TEXT,
    modelId: 'eleven_multilingual_v2',
    outputFormat: 'pcm_16000',
    seed: 1,
  })
  for await (const part of stream as unknown as AsyncIterable<Uint8Array>) parts.push(part)
  return new File([new Uint8Array(pcmWav(Buffer.concat(parts), RATE))], 'sample.wav', { type: 'audio/wav' })
}

beforeAll(async () => {
  t = await createTestApp()
  owner = await createUser(t.app, t.database, { verified: true })
  await t.database.db
    .updateTable('subscriptions')
    .set({ tier: 'creator', status: 'active', character_count: 0, character_limit: 1_000_000 })
    .where('workspace_id', '=', await workspaceIdOf(t.database.db, owner.userId))
    .execute()
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  const key = await t.app.inject({
    method: 'POST',
    url: '/v1/user/api-keys',
    headers: owner.auth,
    payload: { name: 'sdk', permissions: ['voices', 'text-to-speech', 'models', 'user'] },
  })
  client = new ElevenLabsClient({ apiKey: key.json().api_key, baseUrl: address })
})
afterAll(() => t?.close())

interface Row {
  key: string
  clone: FeatureComparison
  base: FeatureComparison
}

const logRatio = (v: number | null) => (v === null ? 0 : Math.abs(Math.log(v)))

describe('instant clones keep the sample pace and timbre', () => {
  it('clones three speakers; each clone matches pace and pitch and moves colour toward its speaker', async () => {
    const rows: Row[] = []
    for (const speaker of CLONE_SPEAKERS) {
      const speakerId = await insertSpeakerVoice(t.database.db, owner.userId, speaker.key, speaker.definition)
      const created = await client.voices.ivc.create({
        name: `Clone of ${speaker.key}`,
        files: [await sampleWav(speakerId)],
        labels: { language: 'en' },
      })
      const row = await t.database.db
        .selectFrom('voices')
        .select('definition')
        .where('id', '=', created.voiceId)
        .executeTakeFirstOrThrow()
      const analysis = (
        row.definition as {
          clone_analysis: {
            base_voice_id: string
            features: { clone: FeatureComparison; base: FeatureComparison }
          }
        }
      ).clone_analysis
      // The analysis stored at creation reports every feature, for the clone and the base.
      expect(Object.keys(analysis.features.clone).sort()).toEqual(Object.keys(analysis.features.base).sort())
      expect(analysis.features.clone.envelope_distance_db).toEqual(expect.any(Number))

      const base = cloneBaseNamed(analysis.base_voice_id)
      const baseId = await insertSpeakerVoice(t.database.db, owner.userId, `base ${speaker.key}`, base)
      const said = await speak(speakerId, CLONE_COMPARE_TEXT)
      const cloned = await speak(created.voiceId, CLONE_COMPARE_TEXT)
      const plain = await speak(baseId, CLONE_COMPARE_TEXT)
      console.info(
        `${speaker.label}\n  speaker ${describeFeatures(said)}\n  clone   ${describeFeatures(cloned)}` +
          `\n  base ${base.name}: ${describeFeatures(plain)}`,
      )
      rows.push({
        key: speaker.key,
        clone: compareFeatures(cloned, said),
        base: compareFeatures(plain, said),
      })
    }
    console.table(
      rows.flatMap((r) => [
        { speaker: r.key, voice: 'clone', ...r.clone },
        { speaker: r.key, voice: 'base', ...r.base },
      ]),
    )
    for (const row of rows) {
      // Pace within 15 % of the speaker's, on the same sentence.
      expect(row.clone.speaking_rate_ratio, row.key).not.toBeNull()
      expect(Math.abs(Math.log(row.clone.speaking_rate_ratio!)), row.key).toBeLessThan(Math.log(1.15))
      expect(Math.abs(row.clone.f0_median_semitones), row.key).toBeLessThan(2)
    }
    // The slow and the fast speaker are far from any base's pace: the clone closes the gap.
    for (const row of rows.filter((r) => r.key !== 'between')) {
      expect(logRatio(row.clone.speaking_rate_ratio), row.key).toBeLessThan(
        logRatio(row.base.speaking_rate_ratio),
      )
    }
    // Colour: over the three, the clones' envelopes and brightness are nearer than the bases'.
    const sum = (pick: (r: Row) => number) => rows.reduce((s, r) => s + pick(r), 0)
    expect(sum((r) => r.clone.envelope_distance_db ?? 99)).toBeLessThan(
      sum((r) => r.base.envelope_distance_db ?? 0),
    )
    expect(sum((r) => logRatio(r.clone.brightness_ratio))).toBeLessThan(
      sum((r) => logRatio(r.base.brightness_ratio)),
    )
  }, 300_000)
})
