import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js'
import { STUDIO_LOUDNESS, STUDIO_NO_CREDITS_MESSAGE } from '@timbre/contract'
import { PREMADE_VOICES } from '@timbre/speech'
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildEpub } from '../../../../test/helpers/documents.js'
import { createUser, type TestUser } from '../../../../test/helpers/factories.js'
import { ffprobePath, probeAudio } from '../../../../test/helpers/ffprobe.js'
import { characterCount, setPlan } from '../../../../test/helpers/plans.js'
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js'
import { createLocalStorage, defaultStorageDir } from '../../../lib/storage.js'
import { measureLoudness } from './studio-audio.js'

// The official SDK converts a Studio project imported from an EPUB built here: progress while
// the job runs, every block charged once per character, snapshots with streamed audio and a zip
// archive, and an M4B whose chapter marks ffprobe reads and whose loudness FFmpeg's EBU R128
// meter puts in the audiobook range. Locks keep blocks from being rendered again; a conversion
// without credits fails with the product's message and charges nothing.

const run = promisify(execFile)
let t: TestApp
let client: ElevenLabsClient
let otherClient: ElevenLabsClient
let address = ''
let apiKey = ''
let otherKey = ''
let user: TestUser
let workspaceId = ''
const [first, second] = PREMADE_VOICES

async function keyFor(auth: Record<string, string>): Promise<string> {
  const key = await t.app.inject({
    method: 'POST',
    url: '/v1/user/api-keys',
    headers: auth,
    payload: { name: 'sdk', permissions: ['projects', 'pronunciation-dictionaries'] },
  })
  return key.json().api_key
}

beforeAll(async () => {
  t = await createTestApp()
  user = await createUser(t.app, t.database, { verified: true })
  const other = await createUser(t.app, t.database, { verified: true })
  workspaceId = await setPlan(t.database, user.userId, {
    tier: 'creator',
    status: 'active',
    characterCount: 0,
    characterLimit: 100_000,
  })
  address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  apiKey = await keyFor(user.auth)
  client = new ElevenLabsClient({ apiKey, baseUrl: address })
  otherKey = await keyFor(other.auth)
  otherClient = new ElevenLabsClient({ apiKey: otherKey, baseUrl: address })
})
afterAll(() => t?.close())

async function sdkError(promise: Promise<unknown>): Promise<ElevenLabsError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof ElevenLabsError) return error
    throw error
  }
  throw new Error('expected an error')
}

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(stream).arrayBuffer())
}

interface ChapterState {
  chapter_id: string
  conversion_state: string
  conversion_progress: number | null
  last_conversion_error: string | null
}

/** Polls the chapters until none is queued or converting, keeping every progress seen. */
async function waitForChapters(projectId: string): Promise<{ chapters: ChapterState[]; seen: number[][] }> {
  const seen: number[][] = []
  for (let i = 0; i < 3000; i++) {
    // Raw JSON: the SDK would rename its known fields; conversion_state is ours.
    const { chapters } = (await (await get(`/v1/studio/projects/${projectId}/chapters`)).json()) as {
      chapters: ChapterState[]
    }
    seen.push(chapters.map((c) => c.conversion_progress ?? 0))
    if (chapters.every((c) => !['queued', 'converting'].includes(c.conversion_state)))
      return { chapters, seen }
    await new Promise((resolve) => setTimeout(resolve, 40))
  }
  throw new Error('the conversion did not end')
}

async function get(path: string): Promise<Response> {
  return fetch(`${address}${path}`, { headers: { 'xi-api-key': apiKey } })
}

interface ExportState {
  export_id: string
  status: string
  progress: number
  file_name: string | null
  loudness: { integrated_lufs: number } | null
  error: { code: string; message: string } | null
}

function startExport(projectId: string, body: object): Promise<Response> {
  return fetch(`${address}/v1/studio/projects/${projectId}/exports`, {
    method: 'POST',
    headers: { 'xi-api-key': apiKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
}

/** Polls an export job until it ends, keeping every percent seen; then downloads its file. */
async function finishExport(projectId: string, exportId: string) {
  const seen: number[] = []
  let state = { status: 'queued' } as ExportState
  for (let i = 0; i < 3000 && ['queued', 'running'].includes(state.status); i++) {
    state = (await (await get(`/v1/studio/projects/${projectId}/exports/${exportId}`)).json()) as ExportState
    seen.push(state.progress)
    if (['queued', 'running'].includes(state.status)) await new Promise((r) => setTimeout(r, 20))
  }
  const file = await get(`/v1/studio/projects/${projectId}/exports/${exportId}/download`)
  return { state, seen, file }
}

/** An export through the job API: started, finished, downloaded. */
async function exported(projectId: string, body: object) {
  const started = await startExport(projectId, body)
  expect(started.status).toBe(202)
  const job = (await started.json()) as ExportState
  return finishExport(projectId, job.export_id)
}

async function ffprobeChapters(bytes: Buffer, extension: string) {
  const dir = mkdtempSync(join(tmpdir(), 'm4b-'))
  try {
    const file = join(dir, `book.${extension}`)
    writeFileSync(file, bytes)
    const { stdout } = await run(ffprobePath(), [
      '-v',
      'error',
      '-show_chapters',
      '-show_format',
      '-of',
      'json',
      file,
    ])
    const loudness = await measureLoudness(file)
    return {
      ...(JSON.parse(stdout) as {
        chapters: { start_time: string; end_time: string; tags: { title: string } }[]
        format: { format_name: string; duration: string }
      }),
      loudness,
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const paragraphs = [
  ['The train was late that evening.', 'Nobody waited on the platform, and the rain kept falling.'],
  [
    'She left the town at dawn.',
    'The road was empty and the fields were grey.',
    'Timbre was the name of the inn.',
  ],
]

describe('Studio conversion through @elevenlabs/elevenlabs-js', () => {
  let projectId = ''
  let chapterIds: string[] = []
  let totalCharacters = 0

  it('converts an imported EPUB to the end with progress, charging every character once', async () => {
    const epub = buildEpub([
      { title: 'Arrival', paragraphs: paragraphs[0]! },
      { title: 'Departure', paragraphs: paragraphs[1]! },
    ])
    const created = await client.studio.projects.create({
      name: 'Audiobook',
      defaultTitleVoiceId: first!.voice_id,
      defaultParagraphVoiceId: second!.voice_id,
      fromDocument: new File([epub], 'book.epub', { type: 'application/epub+zip' }),
    })
    projectId = created.project.projectId
    const dictionary = await client.pronunciationDictionaries.createFromRules({
      name: 'Inn names',
      rules: [{ type: 'alias', stringToReplace: 'Timbre', alias: 'Tamber' }],
    })
    await client.studio.projects.pronunciationDictionaries.create(projectId, {
      pronunciationDictionaryLocators: [
        { pronunciationDictionaryId: dictionary.id, versionId: dictionary.versionId },
      ],
    })
    const project = await client.studio.projects.get(projectId)
    expect(project.pronunciationDictionaryLocators).toEqual([
      { pronunciationDictionaryId: dictionary.id, versionId: dictionary.versionId },
    ])
    const listed = await client.studio.projects.chapters.list(projectId)
    chapterIds = listed.chapters.map((c) => c.chapterId)
    expect(listed.chapters.map((c) => (c as unknown as ChapterState).conversion_state)).toEqual([
      'not_converted',
      'not_converted',
    ])
    totalCharacters = listed.chapters.reduce((n, c) => n + (c.statistics?.charactersUnconverted ?? 0), 0)

    const before = await characterCount(t.database, workspaceId)
    const started = (await client.studio.projects.convert(projectId)) as unknown as {
      status: string
      conversion_id: string
    }
    expect(started.status).toBe('ok')
    const { chapters, seen } = await waitForChapters(projectId)
    expect(chapters.map((c) => c.conversion_state)).toEqual(['converted', 'converted'])
    expect(chapters.map((c) => c.conversion_progress)).toEqual([100, 100])
    // Progress went up through values between the start and the end, never down.
    const firstChapter = seen.map((s) => s[0]!)
    expect(firstChapter.some((p) => p > 0 && p < 100)).toBe(true)
    for (let i = 1; i < firstChapter.length; i++)
      expect(firstChapter[i]!).toBeGreaterThanOrEqual(firstChapter[i - 1]!)
    // The chapters are converted before the project's snapshot is written: wait for the job.
    let job = { status: 'running' }
    for (let i = 0; i < 500 && ['queued', 'running'].includes(job.status); i++) {
      await new Promise((resolve) => setTimeout(resolve, 40))
      job = await (await get(`/v1/studio/projects/${projectId}/conversions/${started.conversion_id}`)).json()
    }
    expect(job).toMatchObject({ status: 'done', progress: 100, error: null })
    // The default model costs one credit per character: each character of the book once.
    expect((await characterCount(t.database, workspaceId)) - before).toBe(totalCharacters)
    const after = await client.studio.projects.get(projectId)
    expect(after.canBeDownloaded).toBe(true)
    expect(after.lastConversionDateUnix).toBeGreaterThan(0)
  })

  it('keeps snapshots of the project and its chapters with streamed MP3 and a zip archive', async () => {
    const { snapshots } = await client.studio.projects.snapshots.list(projectId)
    expect(snapshots).toHaveLength(1)
    const snapshot = await client.studio.projects.snapshots.get(projectId, snapshots[0]!.projectSnapshotId)
    expect(snapshot.audioDurationSecs).toBeGreaterThan(3)
    const audio = await bytesOf(
      await client.studio.projects.snapshots.stream(projectId, snapshot.projectSnapshotId),
    )
    const probed = await probeAudio(audio, 'mp3')
    expect(probed.codec).toBe('mp3')
    expect(probed.errors).toBe('')
    expect(Math.abs(probed.durationSeconds - snapshot.audioDurationSecs)).toBeLessThan(0.5)
    const zip = unzipSync(
      await bytesOf(
        await client.studio.projects.snapshots.streamArchive(projectId, snapshot.projectSnapshotId),
      ),
    )
    expect(Object.keys(zip)).toEqual(['001 Arrival.mp3', '002 Departure.mp3'])
    for (const bytes of Object.values(zip)) expect((await probeAudio(bytes, 'mp3')).codec).toBe('mp3')

    const chapterSnapshots = await client.studio.projects.chapters.snapshots.list(projectId, chapterIds[0]!)
    expect(chapterSnapshots.snapshots).toHaveLength(1)
    const one = chapterSnapshots.snapshots[0]!
    expect(one).toMatchObject({ chapterId: chapterIds[0], projectId, name: 'Arrival' })
    const got = await client.studio.projects.chapters.snapshots.get(
      projectId,
      chapterIds[0]!,
      one.chapterSnapshotId,
    )
    expect(got.chapterSnapshotId).toBe(one.chapterSnapshotId)
    const chapterAudio = await bytesOf(
      await client.studio.projects.chapters.snapshots.stream(
        projectId,
        chapterIds[0]!,
        one.chapterSnapshotId,
      ),
    )
    expect((await probeAudio(chapterAudio, 'mp3')).durationSeconds).toBeGreaterThan(1)
    // Another workspace sees none of it.
    expect((await sdkError(otherClient.studio.projects.snapshots.list(projectId))).statusCode).toBe(404)
    expect(
      (await sdkError(otherClient.studio.projects.snapshots.stream(projectId, snapshot.projectSnapshotId)))
        .statusCode,
    ).toBe(404)
  })

  it('exports an M4B with a chapter mark per chapter in the audiobook loudness range', async () => {
    // Two identical requests at once: one export job, answered to both.
    const [a, b] = await Promise.all([
      startExport(projectId, { format: 'm4b' }),
      startExport(projectId, { format: 'm4b' }),
    ])
    expect([a.status, b.status].sort()).toEqual([200, 202])
    const [jobA, jobB] = (await Promise.all([a.json(), b.json()])) as ExportState[]
    expect(jobA!.export_id).toBe(jobB!.export_id)
    expect(['queued', 'running']).toContain(jobA!.status)
    const early = await get(`/v1/studio/projects/${projectId}/exports/${jobA!.export_id}/download`)
    const { state, seen, file: response } = await finishExport(projectId, jobA!.export_id)
    // Whether the first poll still saw it queued or running depends on the worker's pace.
    if (early.status !== 200) expect(early.status).toBe(409)
    expect(state).toMatchObject({ status: 'done', progress: 100, error: null })
    for (let i = 1; i < seen.length; i++) expect(seen[i]!).toBeGreaterThanOrEqual(seen[i - 1]!)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('audio/mp4')
    const m4b = Buffer.from(await response.arrayBuffer())
    const probed = await ffprobeChapters(m4b, 'm4b')
    expect(probed.format.format_name).toContain('mp4')
    expect(probed.chapters.map((c) => c.tags.title)).toEqual(['Arrival', 'Departure'])
    expect(Number(probed.chapters[0]!.start_time)).toBe(0)
    expect(Number(probed.chapters[1]!.start_time)).toBeCloseTo(Number(probed.chapters[0]!.end_time), 1)
    expect(Number(probed.chapters[1]!.end_time)).toBeCloseTo(Number(probed.format.duration), 0)
    const { integratedLufs, truePeakDb, rmsDb } = probed.loudness
    console.info(
      `M4B loudness: integrated ${integratedLufs} LUFS, true peak ${truePeakDb} dBTP, RMS ${rmsDb} dBFS; server said ${response.headers.get('x-loudness-integrated-lufs')} LUFS`,
    )
    expect(integratedLufs).toBeGreaterThanOrEqual(STUDIO_LOUDNESS.minDb)
    expect(integratedLufs).toBeLessThanOrEqual(STUDIO_LOUDNESS.maxDb)
    expect(rmsDb).toBeGreaterThanOrEqual(STUDIO_LOUDNESS.minDb)
    expect(rmsDb).toBeLessThanOrEqual(STUDIO_LOUDNESS.maxDb)
    expect(truePeakDb).toBeLessThanOrEqual(STUDIO_LOUDNESS.peakCeilingDb)

    expect(state.loudness?.integrated_lufs).toBeCloseTo(integratedLufs, 0)

    const wav = (await exported(projectId, { format: 'wav', chapter_id: chapterIds[1] })).file
    expect(wav.headers.get('content-type')).toBe('audio/wav')
    expect(wav.headers.get('content-disposition')).toContain('Departure.wav')
    const wavProbe = await probeAudio(Buffer.from(await wav.arrayBuffer()), 'wav')
    expect(wavProbe).toMatchObject({ codec: 'pcm_s16le', sampleRate: 44_100, errors: '' })
    const mp3 = (await exported(projectId, { format: 'mp3' })).file
    const mp3Probe = await probeAudio(Buffer.from(await mp3.arrayBuffer()), 'mp3')
    expect(mp3Probe.codec).toBe('mp3')
    expect(Math.abs(mp3Probe.durationSeconds - Number(probed.format.duration))).toBeLessThan(0.5)
    // Exporting the same kind again keeps only the newer file: the earlier one is gone from the
    // API and from storage.
    const { state: firstMp3 } = await exported(projectId, { format: 'mp3' })
    const storage = createLocalStorage(defaultStorageDir(t.dataDir))
    const earlierKey = (
      await t.database.db
        .selectFrom('studio_exports')
        .select('storage_key')
        .where('id', '=', firstMp3.export_id)
        .executeTakeFirstOrThrow()
    ).storage_key
    expect(await storage.get(earlierKey!)).not.toBeNull()
    const { state: secondMp3 } = await exported(projectId, { format: 'mp3' })
    expect(secondMp3.export_id).not.toBe(firstMp3.export_id)
    expect(
      (await get(`/v1/studio/projects/${projectId}/exports/${firstMp3.export_id}/download`)).status,
    ).toBe(404)
    expect(await storage.get(earlierKey!)).toBeNull()
    expect(
      (await get(`/v1/studio/projects/${projectId}/exports/${secondMp3.export_id}/download`)).status,
    ).toBe(200)
    expect((await startExport(projectId, { format: 'ogg' })).status).toBe(422)
    expect((await startExport(projectId, { format: 'm4b', chapter_id: chapterIds[0] })).status).toBe(422)
    expect((await startExport(projectId, { format: 'mp3', chapter_id: 'nope' })).status).toBe(404)
    // Another workspace sees neither the job nor its file.
    for (const path of [`exports/${jobA!.export_id}`, `exports/${jobA!.export_id}/download`]) {
      const other = await fetch(`${address}/v1/studio/projects/${projectId}/${path}`, {
        headers: { 'xi-api-key': otherKey },
      })
      expect(other.status).toBe(404)
    }
  })

  it('locks only generated blocks; a locked block is neither regenerated nor charged again', async () => {
    const chapter = (await (
      await get(`/v1/studio/projects/${projectId}/chapters/${chapterIds[1]}`)
    ).json()) as {
      version: number
      content: {
        blocks: {
          block_id: string
          sub_type: string
          generated: boolean
          locked: boolean
          nodes: { voice_id: string; text: string }[]
        }[]
      }
    }
    expect(chapter.content.blocks.every((b) => b.generated && !b.locked)).toBe(true)
    const [heading, lockedBlock] = chapter.content.blocks
    const lockUrl = (blockId: string) =>
      `/v1/studio/projects/${projectId}/chapters/${chapterIds[1]}/blocks/${blockId}/lock`
    const post = (path: string, body?: unknown) =>
      fetch(`${address}${path}`, {
        method: 'POST',
        headers: { 'xi-api-key': apiKey, 'content-type': 'application/json' },
        body: JSON.stringify(body ?? {}),
      })
    expect((await post(lockUrl(lockedBlock!.block_id), { locked: true })).status).toBe(200)
    const refused = await post(
      `/v1/studio/projects/${projectId}/chapters/${chapterIds[1]}/blocks/${lockedBlock!.block_id}/regenerate`,
    )
    expect(refused.status).toBe(409)
    // Edit the locked block, change another and add a new one: only the other two are rendered.
    const blocks = chapter.content.blocks.map((b) => ({
      blockId: b.block_id,
      subType: b.sub_type as 'p',
      nodes: b.nodes.map((n) => ({ voiceId: n.voice_id, text: n.text, type: 'tts_node' as const })),
    }))
    blocks[1]!.nodes[0]!.text = 'This edit stays silent while the block is locked.'
    blocks[2]!.nodes[0]!.text = 'The road was long.'
    blocks.push({
      blockId: 'new-block',
      subType: 'p',
      nodes: [{ voiceId: first!.voice_id, text: 'A new line.', type: 'tts_node' }],
    })
    const stateOf = async () =>
      (
        (await (
          await get(`/v1/studio/projects/${projectId}/chapters/${chapterIds[1]}`)
        ).json()) as ChapterState
      ).conversion_state
    expect(await stateOf()).toBe('converted')
    await client.studio.projects.chapters.update(projectId, chapterIds[1]!, { content: { blocks } })
    // Its audio no longer matches the text, so the chapter waits for a conversion again.
    expect(await stateOf()).toBe('not_converted')
    const unlockable = await post(lockUrl('new-block'), { locked: true })
    expect(unlockable.status).toBe(400)
    expect((await unlockable.json()).detail.message).toBe(
      'A paragraph must be generated before it can be locked.',
    )
    const before = await characterCount(t.database, workspaceId)
    await client.studio.projects.chapters.convert(projectId, chapterIds[1]!)
    const { chapters } = await waitForChapters(projectId)
    expect(chapters[1]!.conversion_state).toBe('converted')
    expect((await characterCount(t.database, workspaceId)) - before).toBe(
      'The road was long.'.length + 'A new line.'.length,
    )
    // Saving the same text again leaves the converted chapter as it is.
    await client.studio.projects.chapters.update(projectId, chapterIds[1]!, { content: { blocks } })
    expect(await stateOf()).toBe('converted')
    expect(heading!.generated).toBe(true)
    const snaps = await client.studio.projects.chapters.snapshots.list(projectId, chapterIds[1]!)
    expect(snaps.snapshots).toHaveLength(2)
  })

  it('fails a conversion without credits with the product message and charges nothing', async () => {
    await setPlan(t.database, user.userId, { tier: 'free', characterCount: 10_000, characterLimit: 10_000 })
    await client.studio.projects.chapters.update(projectId, chapterIds[0]!, {
      content: {
        blocks: [
          { subType: 'p', nodes: [{ voiceId: first!.voice_id, text: 'Never spoken.', type: 'tts_node' }] },
        ],
      },
    })
    await client.studio.projects.chapters.convert(projectId, chapterIds[0]!)
    const { chapters } = await waitForChapters(projectId)
    expect(chapters[0]!.conversion_state).toBe('failed')
    expect(chapters[0]!.last_conversion_error).toBe(STUDIO_NO_CREDITS_MESSAGE)
    expect(await characterCount(t.database, workspaceId)).toBe(10_000)
    const ledger = await t.database.db
      .selectFrom('credit_ledger')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('workspace_id', '=', workspaceId)
      .where('state', '=', 'reserved')
      .executeTakeFirstOrThrow()
    expect(Number(ledger.n)).toBe(0)
    // The book cannot be exported while a chapter has text without audio.
    const refused = await startExport(projectId, { format: 'm4b' })
    expect(refused.status).toBe(400)
    expect((await refused.json()).detail.message).toBe('Convert the chapter “Arrival” before exporting it.')
    // Another workspace cannot start a conversion of this project.
    expect((await sdkError(otherClient.studio.projects.convert(projectId))).statusCode).toBe(404)
  })
})
