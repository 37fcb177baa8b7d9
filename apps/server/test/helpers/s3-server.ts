import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from '@20minutes/s3rver'

export interface TestS3Server {
  endpoint: string
  bucket: string
  /** The environment that points Timbre at this server (add a prefix to STORAGE_URL if needed). */
  env: Record<string, string>
  close(): Promise<void>
}

/** A real S3-protocol server (s3rver) on a free local port, with one empty bucket. */
export async function startS3Server(bucket = 'timbre-test'): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'timbre-s3-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint,
    bucket,
    env: {
      STORAGE_URL: `s3://${bucket}`,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      // s3rver's fixed credentials; it checks request signatures made with them.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
