import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startS3Server, type TestS3Server } from '../../../test/helpers/s3-server.js'
import { loadConfig } from '../../config.js'
import type { FileStorage } from './file-storage.js'
import { createLocalStorage } from './local.storage.js'
import { createS3Storage } from './s3.storage.js'
import type { S3StorageConfig } from './storage.config.js'

// One contract, two back ends: what the server relies on holds for a local directory and for a
// real S3-protocol server alike.
let s3: TestS3Server
let localDir: string
const stores: Record<string, FileStorage> = {}

beforeAll(async () => {
  s3 = await startS3Server()
  localDir = mkdtempSync(join(tmpdir(), 'timbre-files-'))
  stores.local = createLocalStorage(localDir)
  // Through the real configuration path, with a key prefix inside the bucket.
  const config = loadConfig({ DATA_DIR: localDir, ...s3.env, STORAGE_URL: `s3://${s3.bucket}/tenant-a/` })
  stores.s3 = createS3Storage(config.storage as S3StorageConfig)
})
afterAll(async () => {
  await stores.s3?.close?.()
  await s3?.close()
  if (localDir) rmSync(localDir, { recursive: true, force: true })
})

describe.each(['local', 's3'])('FileStorage contract: %s', (kind) => {
  const store = () => stores[kind]!

  it('stores, reads, sizes and deletes', async () => {
    const data = new TextEncoder().encode('hello, storage')
    await store().put('history/ws1/item.mp3', data)
    expect(await store().get('history/ws1/item.mp3')).toEqual(Buffer.from(data))
    expect(await store().size('history/ws1/item.mp3')).toBe(data.length)
    await store().delete('history/ws1/item.mp3')
    expect(await store().get('history/ws1/item.mp3')).toBeNull()
    expect(await store().size('history/ws1/item.mp3')).toBeNull()
  })

  it('answers null for keys that never existed, and deleting one is not an error', async () => {
    expect(await store().get('nothing/here.wav')).toBeNull()
    expect(await store().size('nothing/here.wav')).toBeNull()
    await expect(store().delete('nothing/here.wav')).resolves.toBeUndefined()
  })

  it('overwrites: the second put wins, with its own size', async () => {
    await store().put('voices/v1/sample.wav', new Uint8Array(1000).fill(1))
    await store().put('voices/v1/sample.wav', new Uint8Array(10).fill(2))
    expect(await store().size('voices/v1/sample.wav')).toBe(10)
    expect(await store().get('voices/v1/sample.wav')).toEqual(Buffer.alloc(10, 2))
  })

  it('keeps keys with slashes apart from their prefixes', async () => {
    await store().put('a/b/c/d.bin', Uint8Array.of(4))
    await store().put('a/b/c.bin', Uint8Array.of(3))
    expect(await store().get('a/b/c/d.bin')).toEqual(Buffer.of(4))
    expect(await store().get('a/b/c.bin')).toEqual(Buffer.of(3))
    expect(await store().get('a/b')).toBeNull()
    expect(await store().get('a/b/c.bin/x')).toBeNull()
  })

  it('round-trips binary data byte for byte (every byte value, 1 MB)', async () => {
    const data = new Uint8Array(1024 * 1024)
    data.set(randomBytes(data.length))
    for (let i = 0; i < 256; i++) data[i] = i
    await store().put('bin/random.raw', data)
    const back = await store().get('bin/random.raw')
    expect(back?.length).toBe(data.length)
    expect(Buffer.compare(back!, Buffer.from(data))).toBe(0)
    await store().put('bin/empty.raw', new Uint8Array(0))
    expect(await store().get('bin/empty.raw')).toEqual(Buffer.alloc(0))
    expect(await store().size('bin/empty.raw')).toBe(0)
  })

  it('refuses keys that could escape or alias: leading slash, empty, . and .. segments', async () => {
    for (const key of ['/etc/passwd', '../outside', 'a/../b', 'a//b', './a', '']) {
      await expect(store().put(key, Uint8Array.of(1))).rejects.toThrow(/invalid storage key/)
      await expect(store().get(key)).rejects.toThrow(/invalid storage key/)
    }
  })
})

describe('S3 objects land under the configured prefix', () => {
  it('a second client without the prefix sees the object at prefix/key', async () => {
    await stores.s3!.put('history/ws2/x.mp3', Uint8Array.of(7, 7))
    const raw = createS3Storage({
      bucket: s3.bucket,
      prefix: '',
      endpoint: s3.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    })
    expect(await raw.get('tenant-a/history/ws2/x.mp3')).toEqual(Buffer.of(7, 7))
    expect(await raw.get('history/ws2/x.mp3')).toBeNull()
    raw.close?.()
  })
})

describe('S3 failures are errors, not missing files', () => {
  it('wrong credentials reject instead of answering null', async () => {
    const wrong = createS3Storage({
      bucket: s3.bucket,
      prefix: '',
      endpoint: s3.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'not-the-secret' },
      forcePathStyle: true,
    })
    await expect(wrong.get('history/ws/x.mp3')).rejects.toThrow()
    await expect(wrong.put('history/ws/x.mp3', Uint8Array.of(1))).rejects.toThrow()
    wrong.close?.()
  })
})
