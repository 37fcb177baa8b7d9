import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js'
import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildEpub } from '../../../../test/helpers/documents.js'
import { createUser } from '../../../../test/helpers/factories.js'
import { characterCount, setPlan } from '../../../../test/helpers/plans.js'
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js'

// Regenerating a paragraph with the same text is free twice; the third time is charged, and a
// change of its text starts the count again.

let t: TestApp
let workspaceId = ''
let apiKey = ''
let address = ''
let projectId = ''
let chapterId = ''

const api = (method: 'GET' | 'POST', path: string) =>
  fetch(`${address}/v1/studio/projects/${projectId}${path}`, {
    method,
    headers: { 'xi-api-key': apiKey, 'content-type': 'application/json' },
    ...(method === 'POST' ? { body: '{}' } : {}),
  })

async function finished(conversionId: string): Promise<void> {
  for (let i = 0; i < 3000; i++) {
    const view = (await (await api('GET', `/conversions/${conversionId}`)).json()) as { status: string }
    if (view.status === 'done') return
    if (view.status === 'failed') throw new Error('the conversion failed')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('the conversion did not end')
}

beforeAll(async () => {
  t = await createTestApp()
  const user = await createUser(t.app, t.database, { verified: true })
  workspaceId = await setPlan(t.database, user.userId, {
    tier: 'creator',
    status: 'active',
    characterCount: 0,
    characterLimit: 100_000,
  })
  const key = await t.app.inject({
    method: 'POST',
    url: '/v1/user/api-keys',
    headers: user.auth,
    payload: { name: 'sdk', permissions: ['projects'] },
  })
  apiKey = key.json().api_key
  address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  const client = new ElevenLabsClient({ apiKey, baseUrl: address })
  const voice = PREMADE_VOICES[0]?.voice_id ?? ''
  const created = await client.studio.projects.create({
    name: 'Takes',
    defaultTitleVoiceId: voice,
    defaultParagraphVoiceId: voice,
    fromDocument: new File(
      [buildEpub([{ title: 'One', paragraphs: ['The tide came in slowly.'] }])],
      'b.epub',
      {
        type: 'application/epub+zip',
      },
    ),
  })
  projectId = created.project.projectId
  chapterId = (await (await api('GET', '/chapters')).json()).chapters[0].chapter_id
  await finished((await (await api('POST', `/chapters/${chapterId}/convert`)).json()).conversion_id)
}, 240_000)
afterAll(() => t?.close())

describe('free regenerations', () => {
  it('charges nothing for the first two regenerations of a paragraph, then charges again', async () => {
    const chapter = await (await api('GET', `/chapters/${chapterId}`)).json()
    const block = chapter.content.blocks.find((b: { sub_type: string }) => b.sub_type === 'p')
    const regenerate = async () => {
      const started = await api('POST', `/chapters/${chapterId}/blocks/${block.block_id}/regenerate`)
      expect(started.status).toBe(200)
      await finished((await started.json()).conversion_id)
      return characterCount(t.database, workspaceId)
    }
    const before = await characterCount(t.database, workspaceId)
    expect(before).toBeGreaterThan(0)
    const first = await regenerate()
    const second = await regenerate()
    const third = await regenerate()
    console.log(
      `credits used: converted ${before}, after free takes ${first}, ${second}; third take ${third}`,
    )
    expect(first).toBe(before)
    expect(second).toBe(before)
    expect(third - second).toBe('The tide came in slowly.'.length)
  }, 240_000)
})
