import type { FileStorage } from './storage/file-storage.js'
import { createLocalStorage } from './storage/local.storage.js'
import { createS3Storage } from './storage/s3.storage.js'
import type { StorageConfig } from './storage/storage.config.js'

export type { FileStorage } from './storage/file-storage.js'
export { createLocalStorage, defaultStorageDir } from './storage/local.storage.js'
export { createS3Storage } from './storage/s3.storage.js'
export type { StorageConfig } from './storage/storage.config.js'

/** The file store the configuration names: S3 when STORAGE_URL is set, else the local directory. */
export function createStorage(config: StorageConfig): FileStorage {
  return config.kind === 's3' ? createS3Storage(config) : createLocalStorage(config.dir)
}
