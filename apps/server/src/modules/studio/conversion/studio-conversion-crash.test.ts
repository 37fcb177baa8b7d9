import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js'
import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, describe, expect, it } from 'vitest'
import {
  type CrashBackend,
  makeCrashBackend,
  signUpThroughApi,
} from '../../../../test/helpers/crash-backend.js'
import { buildEpub } from '../../../../test/helpers/documents.js'
import { probeAudio } from '../../../../test/helpers/ffprobe.js'
import { type ServerProcess, startServerProcess } from '../../../../test/helpers/server-process.js'

// A Studio conversion survives kill -9: the server process dies in the middle of converting a
// multi-chapter book, a new process starts on the same data, and the conversion resumes well
// before the queue's own expiry (15 minutes) would retry it. Every block is charged exactly
// once, no reservation stays open, and the percent the API shows never goes down.

const LEASE_SECONDS = 2
const [titleVoice, paragraphVoice] = PREMADE_VOICES
const SENTENCES = [
  'The lighthouse keeper climbed the stairs again before the storm arrived over the bay.',
  'Far below, the fishing boats pulled hard against their ropes in the rising water.',
  'She wrote every change of the wind into the heavy book that lay open on the table.',
  'By midnight the lamp had turned a thousand times and the sea had not grown calmer.',
  'In the morning the harbour was quiet, and the whole town walked down to see it.',
]
const CHAPTERS = ['Evening', 'Night', 'Morning'].map((title) => ({ title, paragraphs: SENTENCES }))

interface ConversionView {
  status: string
  progress: number
}

let running: ServerProcess | null = null
afterAll(async () => {
  await running?.kill9()
})

async function conversionOf(base: string, apiKey: string, projectId: string, id: string) {
  const res = await fetch(`${base}/v1/studio/projects/${projectId}/conversions/${id}`, {
    headers: { 'xi-api-key': apiKey },
  })
  return (await res.json()) as ConversionView
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
      .select(['state', 'characters', 'request_id'])
      .where('workspace_id', '=', workspace_id)
      .where('kind', '=', 'studio')
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

describe(`kill -9 during a Studio conversion (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('resumes after a restart, charging every block once and never moving the percent back', async () => {
    const backend = await makeCrashBackend()
    const env = {
      ...backend.env,
      CREDIT_LEASE_SECONDS: String(LEASE_SECONDS),
      CONCURRENCY_LEASE_MS: '3000',
      SECRET_KEY: 'k'.repeat(32),
    }
    try {
      running = await startServerProcess({ env })
      const user = await signUpThroughApi(running.url, 'studio-crash')
      await running.stop()
      const setup = await backend.open()
      await setup.db
        .updateTable('subscriptions')
        .set({ tier: 'pro', status: 'active', character_count: 0, character_limit: 500_000 })
        .execute()
      await setup.db.updateTable('users').set({ email_verified_at: new Date() }).execute()
      await setup.close()

      running = await startServerProcess({ env })
      const keyResponse = await fetch(`${running.url}/v1/user/api-keys`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'sdk', permissions: ['projects'] }),
      })
      expect(keyResponse.status).toBe(201)
      const apiKey = ((await keyResponse.json()) as { api_key: string }).api_key
      let client = new ElevenLabsClient({ apiKey, baseUrl: running.url })
      const created = await client.studio.projects.create({
        name: 'The Lighthouse',
        defaultTitleVoiceId: titleVoice!.voice_id,
        defaultParagraphVoiceId: paragraphVoice!.voice_id,
        fromDocument: new File([buildEpub(CHAPTERS)], 'book.epub', { type: 'application/epub+zip' }),
      })
      const projectId = created.project.projectId
      const chapters = (await client.studio.projects.chapters.list(projectId)).chapters
      expect(chapters).toHaveLength(3)
      const totalCharacters = chapters.reduce((n, c) => n + (c.statistics?.charactersUnconverted ?? 0), 0)
      const started = (await client.studio.projects.convert(projectId)) as unknown as {
        conversion_id: string
      }

      // Killed once some of the book is converted, and well before the end.
      let before: ConversionView = { status: 'queued', progress: 0 }
      for (;;) {
        before = await conversionOf(running.url, apiKey, projectId, started.conversion_id)
        if (before.progress > 0 || !['queued', 'running'].includes(before.status)) break
        await new Promise((r) => setTimeout(r, 20))
      }
      await running.kill9()
      expect(before.status).toBe('running')
      expect(before.progress).toBeLessThan(60)

      running = await startServerProcess({ env })
      client = new ElevenLabsClient({ apiKey, baseUrl: running.url })
      const seen: number[] = []
      let after: ConversionView = before
      while (['queued', 'running'].includes(after.status)) {
        after = await conversionOf(running.url, apiKey, projectId, started.conversion_id)
        seen.push(after.progress)
        await new Promise((r) => setTimeout(r, 50))
      }
      expect(after).toMatchObject({ status: 'done', progress: 100 })
      expect(Math.min(...seen)).toBeGreaterThanOrEqual(before.progress)
      for (let i = 1; i < seen.length; i++) expect(seen[i]!).toBeGreaterThanOrEqual(seen[i - 1]!)
      const listed = await client.studio.projects.chapters.list(projectId)
      expect(
        listed.chapters.map((c) => (c as unknown as { conversion_state: string }).conversion_state),
      ).toEqual(['converted', 'converted', 'converted'])
      const snapshots = await client.studio.projects.snapshots.list(projectId)
      expect(snapshots.snapshots).toHaveLength(1)

      // An export killed mid-way is finished by the next process from the kept audio.
      const exportPath = `${running.url}/v1/studio/projects/${projectId}/exports`
      const startedExport = (await (
        await fetch(exportPath, {
          method: 'POST',
          headers: { 'xi-api-key': apiKey, 'content-type': 'application/json' },
          body: JSON.stringify({ format: 'm4b' }),
        })
      ).json()) as { export_id: string }
      const exportState = async () =>
        (await (
          await fetch(`${running!.url}/v1/studio/projects/${projectId}/exports/${startedExport.export_id}`, {
            headers: { 'xi-api-key': apiKey },
          })
        ).json()) as ConversionView
      let exportBefore = await exportState()
      while (
        exportBefore.status === 'queued' ||
        (exportBefore.status === 'running' && exportBefore.progress === 0)
      )
        exportBefore = await exportState()
      await running.kill9()
      running = await startServerProcess({ env })
      const exportSeen: number[] = []
      let exportAfter = exportBefore
      while (['queued', 'running'].includes(exportAfter.status)) {
        exportAfter = await exportState()
        exportSeen.push(exportAfter.progress)
        await new Promise((r) => setTimeout(r, 50))
      }
      expect(exportAfter).toMatchObject({ status: 'done', progress: 100 })
      expect(Math.min(...exportSeen, 100)).toBeGreaterThanOrEqual(exportBefore.progress)
      const m4b = await fetch(
        `${running.url}/v1/studio/projects/${projectId}/exports/${startedExport.export_id}/download`,
        { headers: { 'xi-api-key': apiKey } },
      )
      expect(m4b.status).toBe(200)
      const probed = await probeAudio(Buffer.from(await m4b.arrayBuffer()), 'm4b')
      expect(probed.codec).toBe('aac')

      // The dead process's reservation (a block in flight) is released once its lease runs out.
      await new Promise((r) => setTimeout(r, (LEASE_SECONDS * 2 + 1) * 1000))
      await running.stop()
      running = null

      const { ledger, count } = await ledgerOf(backend, user.userId)
      const charged = ledger.filter((l) => l.state === 'charged')
      console.log(
        `${backend.name}: killed at ${before.progress} %, resumed from ${seen[0]} %;` +
          ` ${charged.length} blocks charged ${count} of ${totalCharacters} characters,` +
          ` ${ledger.filter((l) => l.state === 'released').length} reservation(s) released;` +
          ` export killed at ${exportBefore.status} ${exportBefore.progress} %`,
      )
      expect(ledger.filter((l) => l.state === 'reserved')).toHaveLength(0)
      const perBlock = new Map<string, number>()
      for (const l of charged) {
        const block = l.request_id.split(':')[1]!
        perBlock.set(block, (perBlock.get(block) ?? 0) + 1)
      }
      expect([...perBlock.values()].every((n) => n === 1)).toBe(true)
      expect(perBlock.size).toBe(CHAPTERS.length * (SENTENCES.length + 1))
      expect(charged.reduce((n, l) => n + l.characters, 0)).toBe(totalCharacters)
      expect(count).toBe(totalCharacters)
    } finally {
      await running?.kill9()
      running = null
      await backend.cleanup()
    }
  }, 300_000)
})
