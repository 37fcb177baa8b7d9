// The child process that creates and migrates a new embedded database, then exits (its memory
// with it). Arguments: the PGlite data directory, and optionally the page cache in MB.
import { migrateToLatest, openDatabase } from './database.js'

const [dataDir, cacheMb] = process.argv.slice(2)
if (!dataDir) {
  console.error('usage: create-child-main <data dir> [page cache MB]')
  process.exit(2)
}
const database = await openDatabase({
  dataDir,
  ...(cacheMb ? { sharedBuffersMb: Number(cacheMb) } : {}),
})
try {
  await migrateToLatest(database.db)
} finally {
  await database.close()
}
process.exit(0)
