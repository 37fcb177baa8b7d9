/**
 * Where audio and uploads live. Keys are relative paths such as `history/<workspace>/<id>.mp3`.
 * Two implementations keep the same contract (storage.contract.test.ts): a local directory
 * and S3-compatible object storage.
 */
export interface FileStorage {
  /** Replaces any earlier object under the key; readers see the old or the new bytes, never half. */
  put(key: string, data: Uint8Array): Promise<void>
  /** null when the key does not exist. */
  get(key: string): Promise<Buffer | null>
  /** Bytes, or null when the key does not exist. */
  size(key: string): Promise<number | null>
  /** Removing a missing key is not an error. */
  delete(key: string): Promise<void>
  /** Frees connections; the storage is not used afterwards. */
  close?(): Promise<void> | void
}

/**
 * Keys are server-built relative paths. Both back ends refuse the same shapes, so a key that
 * works on a laptop works on a cluster: no leading slash, no empty, `.` or `..` segment.
 */
export function assertStorageKey(key: string): void {
  const segments = key.split('/')
  if (key.length === 0 || key.length > 900 || segments.some((s) => s === '' || s === '.' || s === '..')) {
    throw new Error(`invalid storage key: ${key}`)
  }
}
