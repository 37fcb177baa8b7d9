import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../../../test/helpers/factories.js'
import { startS3Server, type TestS3Server } from '../../../test/helpers/s3-server.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { createS3Storage } from './s3.storage.js'

// The whole app configured for object storage: a generation's audio goes to the bucket, and the
// history endpoints read it back from there.
let s3: TestS3Server
let t: TestApp
const noah = PREMADE_VOICES.find((v) => v.name === 'Noah')!

beforeAll(async () => {
  s3 = await startS3Server()
  t = await createTestApp({ env: { ...s3.env, STORAGE_URL: `s3://${s3.bucket}/timbre` } })
})
afterAll(async () => {
  await t?.close()
  await s3?.close()
})

describe('text to speech with S3 storage', () => {
  it('stores the history item audio in the bucket and serves it back from there', async () => {
    const user = await createUser(t.app, t.database, { verified: true })
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/text-to-speech/${noah.voice_id}?output_format=mp3_44100_128`,
      headers: user.auth,
      payload: { text: 'Stored in object storage.' },
    })
    expect(res.statusCode).toBe(200)
    const itemId = res.headers['history-item-id'] as string
    expect(itemId).toBeTruthy()
    const item = await t.database.db
      .selectFrom('history_items')
      .select(['storage_key', 'size_bytes'])
      .where('id', '=', itemId)
      .executeTakeFirstOrThrow()

    // Read the bucket directly, with a separate client: the object is under the prefix.
    const bucket = createS3Storage({
      bucket: s3.bucket,
      prefix: '',
      endpoint: s3.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    })
    const stored = await bucket.get(`timbre/${item.storage_key}`)
    bucket.close?.()
    expect(stored).not.toBeNull()
    expect(stored!.length).toBe(item.size_bytes)
    expect(Buffer.compare(stored!, res.rawPayload)).toBe(0)
    // Nothing went to the local files directory.
    expect(existsSync(join(t.dataDir, 'files'))).toBe(false)

    const audio = await t.app.inject({
      method: 'GET',
      url: `/v1/history/${itemId}/audio`,
      headers: user.auth,
    })
    expect(audio.statusCode).toBe(200)
    expect(Buffer.compare(audio.rawPayload, res.rawPayload)).toBe(0)

    const removed = await t.app.inject({ method: 'DELETE', url: `/v1/history/${itemId}`, headers: user.auth })
    expect(removed.statusCode).toBe(200)
    const after = createS3Storage({
      bucket: s3.bucket,
      prefix: 'timbre',
      endpoint: s3.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    })
    expect(await after.get(item.storage_key)).toBeNull()
    after.close?.()
  })
})
