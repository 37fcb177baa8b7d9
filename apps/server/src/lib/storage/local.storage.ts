import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join, resolve, sep } from 'node:path'
import { newId } from './ids.js'

/**
 * Where audio and uploads live (DESIGN.md section 2 "files"): a local directory by default.
 * Keys are relative paths such as `history/<workspace>/<id>.mp3`. An S3-compatible
 * implementation of the same interface is the scale path (docs/deploy.md).
 */
export interface FileStorage {
  put(key: string, data: Uint8Array): Promise<void>
  /** null when the key does not exist. */
  get(key: string): Promise<Buffer | null>
  size(key: string): Promise<number | null>
  delete(key: string): Promise<void>
}

export function createLocalStorage(root: string): FileStorage {
  const base = resolve(root)
  const pathOf = (key: string) => {
    const path = resolve(base, key)
    // Keys are built by the server, but never let one escape the storage directory.
    if (!path.startsWith(base + sep)) throw new Error(`invalid storage key: ${key}`)
    return path
  }
  return {
    async put(key, data) {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true })
      // Write then rename: a reader never sees half a file.
      const temp = `${path}.${newId(8)}.tmp`
      await writeFile(temp, data)
      await rename(temp, path)
    },
    async get(key) {
      try {
        return await readFile(pathOf(key))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },
    async size(key) {
      try {
        return (await stat(pathOf(key))).size
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true })
    },
  }
}

export function defaultStorageDir(dataDir: string): string {
  return join(dataDir, 'files')
}
