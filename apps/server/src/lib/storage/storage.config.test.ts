import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../config.js'

const base = { DATA_DIR: '/tmp/timbre-storage-config-test' }
const messageOf = (env: Record<string, string>) => {
  try {
    loadConfig({ ...base, ...env })
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return String((error as Error).message)
  }
  throw new Error('expected a configuration error')
}

describe('storage configuration', () => {
  it('keeps files under DATA_DIR by default', () => {
    expect(loadConfig(base).storage).toEqual({ kind: 'local', dir: '/tmp/timbre-storage-config-test/files' })
  })

  it('reads bucket, prefix and S3 settings', () => {
    const config = loadConfig({
      ...base,
      STORAGE_URL: 's3://my-bucket/a/b/',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    })
    expect(config.storage).toEqual({
      kind: 's3',
      bucket: 'my-bucket',
      prefix: 'a/b',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
    })
    // Without keys the SDK's own chain (AWS_* variables, instance roles) applies.
    const bare = loadConfig({ ...base, STORAGE_URL: 's3://my-bucket', S3_REGION: 'eu-west-3' })
    expect(bare.storage).toMatchObject({
      prefix: '',
      region: 'eu-west-3',
      credentials: undefined,
      forcePathStyle: false,
    })
  })

  it('names each bad variable with what to do', () => {
    expect(messageOf({ STORAGE_URL: 'https://bucket' })).toContain('STORAGE_URL: must be s3://<bucket>')
    expect(messageOf({ STORAGE_URL: 's3://Bad_Bucket' })).toContain('STORAGE_URL')
    expect(messageOf({ STORAGE_URL: 's3://b1b', S3_ENDPOINT: 'minio:9000' })).toContain(
      'S3_ENDPOINT: must be an http:// or https:// URL',
    )
    expect(messageOf({ STORAGE_URL: 's3://b1b', S3_FORCE_PATH_STYLE: 'yes' })).toContain(
      'S3_FORCE_PATH_STYLE: must be true or false',
    )
    expect(messageOf({ STORAGE_URL: 's3://b1b', S3_ACCESS_KEY_ID: 'key' })).toContain(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    )
    expect(messageOf({ S3_ENDPOINT: 'http://minio:9000' })).toContain(
      'S3_ENDPOINT: is set but STORAGE_URL is not',
    )
  })
})

describe('concurrency lease configuration', () => {
  it('defaults to 30 s leases renewed every 10 s', () => {
    expect(loadConfig(base).concurrency).toEqual({ leaseMs: 30_000, heartbeatMs: 10_000 })
  })

  it('refuses a heartbeat slower than half the lease', () => {
    expect(messageOf({ CONCURRENCY_LEASE_MS: '2000', CONCURRENCY_HEARTBEAT_MS: '1500' })).toContain(
      'CONCURRENCY_HEARTBEAT_MS: must be at most half of CONCURRENCY_LEASE_MS',
    )
    expect(messageOf({ CONCURRENCY_LEASE_MS: '10' })).toContain('CONCURRENCY_LEASE_MS')
  })
})
