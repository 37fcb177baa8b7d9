import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import { assertStorageKey, type FileStorage } from './file-storage.js'
import type { S3StorageConfig } from './storage.config.js'

/** Files as objects in an S3-compatible bucket, shared by every replica. */
export function createS3Storage(config: Omit<S3StorageConfig, 'kind'>): FileStorage {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Checksums only where the protocol requires them: the SDK's default CRC headers and
    // aws-chunked uploads are not understood by every S3-compatible server.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  const Bucket = config.bucket
  const objectKey = (key: string) => {
    assertStorageKey(key)
    return config.prefix ? `${config.prefix}/${key}` : key
  }
  return {
    async put(key, data) {
      // A PUT is atomic in S3: readers get the old object or the new one.
      await client.send(
        new PutObjectCommand({ Bucket, Key: objectKey(key), Body: data, ContentLength: data.byteLength }),
      )
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }))
        if (!res.Body) return Buffer.alloc(0)
        return Buffer.from(await res.Body.transformToByteArray())
      } catch (error) {
        if (isNotFound(error)) return null
        throw error
      }
    },
    async size(key) {
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }))
        return res.ContentLength ?? 0
      } catch (error) {
        if (isNotFound(error)) return null
        throw error
      }
    },
    async delete(key) {
      // Deleting a missing object succeeds in S3, as removing a missing file does locally.
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }))
    },
    close() {
      client.destroy()
    },
  }
}

// GET answers NoSuchKey with a body; HEAD has no body, so only its 404 status tells.
function isNotFound(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } }
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404
}
