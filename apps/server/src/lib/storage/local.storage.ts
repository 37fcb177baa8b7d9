import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join, resolve, sep } from 'node:path'
import { newId } from '../ids.js'
import { assertStorageKey, type FileStorage } from './file-storage.js'

/** Files under one directory: the default, for a single process (or a shared volume). */
export function createLocalStorage(root: string): FileStorage {
  const base = resolve(root)
  const pathOf = (key: string) => {
    assertStorageKey(key)
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
        if (isMissing(error)) return null
        throw error
      }
    },
    async size(key) {
      try {
        return (await stat(pathOf(key))).size
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true })
    },
  }
}

// A key whose parent is a file (`a` stored, then `a/b` asked for) is missing too, not an error.
function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR'
}

export function defaultStorageDir(dataDir: string): string {
  return join(dataDir, 'files')
}
