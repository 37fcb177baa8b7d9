import type { FileStorage } from './storage/file-storage.js'
import { createLocalStorage } from './storage/local.storage.js'
import type { StorageConfig } from './storage/storage.config.js'

export type { FileStorage } from './storage/file-storage.js'
export { createLocalStorage, defaultStorageDir } from './storage/local.storage.js'
export type { StorageConfig } from './storage/storage.config.js'

/**
 * The file store the configuration names: S3 when STORAGE_URL is set, else the local directory.
 * The S3 client (some 20 MB of SDK) is loaded only by servers that use it.
 */
export async function createStorage(config: StorageConfig): Promise<FileStorage> {
  if (config.kind !== 's3') return createLocalStorage(config.dir)
  const { createS3Storage } = await import('./storage/s3.storage.js')
  return createS3Storage(config)
}
