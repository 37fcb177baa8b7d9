import { join } from 'node:path'
import { z } from 'zod'

/**
 * Where files live. A local directory (DATA_DIR/files) is the default and suits one process;
 * `STORAGE_URL=s3://bucket/prefix` puts them in S3-compatible object storage so that every
 * replica reads what any other wrote.
 */
export const storageEnvShape = {
  STORAGE_URL: z
    .string()
    .regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?$/, {
      message:
        'must be s3://<bucket>[/<prefix>] with a valid bucket name (leave it unset to keep files under DATA_DIR)',
    })
    .optional(),
  /** An S3-compatible server (MinIO, Ceph, R2...); unset means AWS itself. */
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL such as http://minio:9000' })
    .optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** MinIO and most self-hosted servers need bucket-in-path addressing. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0'], { message: 'must be true or false' }).optional(),
}

type StorageEnv = z.infer<z.ZodObject<typeof storageEnvShape>>

export interface S3StorageConfig {
  kind: 's3'
  bucket: string
  /** Prepended to every key, without a trailing slash; '' for the bucket root. */
  prefix: string
  endpoint: string | undefined
  region: string
  /** Both set, or both undefined to use the SDK's own credential chain (AWS_* variables, roles). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined
  forcePathStyle: boolean
}

export type StorageConfig = { kind: 'local'; dir: string } | S3StorageConfig

/** Cross-field rules; returns the problems as `VARIABLE: message` lines. */
export function storageConfigFrom(
  env: StorageEnv,
  dataDir: string,
): { config: StorageConfig; issues: [] } | { config: null; issues: string[] } {
  const issues: string[] = []
  const s3Only = [
    'S3_ENDPOINT',
    'S3_REGION',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
    'S3_FORCE_PATH_STYLE',
  ] as const
  if (!env.STORAGE_URL) {
    for (const name of s3Only) {
      if (env[name] !== undefined)
        issues.push(`${name}: is set but STORAGE_URL is not; set STORAGE_URL=s3://bucket/prefix`)
    }
    return issues.length > 0
      ? { config: null, issues }
      : { config: { kind: 'local', dir: join(dataDir, 'files') }, issues: [] }
  }
  if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
    issues.push('S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together')
  }
  if (issues.length > 0) return { config: null, issues }
  const rest = env.STORAGE_URL.slice('s3://'.length)
  const slash = rest.indexOf('/')
  const bucket = slash < 0 ? rest : rest.slice(0, slash)
  const prefix = slash < 0 ? '' : rest.slice(slash + 1).replace(/^\/+|\/+$/g, '')
  return {
    config: {
      kind: 's3',
      bucket,
      prefix,
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION ?? 'us-east-1',
      credentials:
        env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
          : undefined,
      forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true' || env.S3_FORCE_PATH_STYLE === '1',
    },
    issues: [],
  }
}
