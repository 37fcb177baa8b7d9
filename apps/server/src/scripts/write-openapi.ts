import { writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildApp } from '../app.js'
import { loadConfig } from '../config.js'
import { openDatabase } from '../db/database.js'

// Writes packages/contract/openapi.json from the routes' schemas. The web client types are
// generated from it (`npm run openapi`); a test fails when the committed file is stale.

export function contractOpenApiPath(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), '../../../../packages/contract/openapi.json')
}

/** The document without the deployment-specific `servers` entry. */
export function portableDocument(doc: Record<string, unknown>): string {
  const { servers: _servers, ...rest } = doc
  return `${JSON.stringify(rest, null, 2)}\n`
}

async function main() {
  const database = await openDatabase({ dataDir: 'memory://' })
  const config = loadConfig({
    DATA_DIR: '/tmp/timbre-openapi',
    LOG_LEVEL: 'silent',
    SECRET_KEY: 'x'.repeat(32),
  })
  const app = await buildApp(config, { database, logger: false, runWorkers: false, mailTransport: null })
  await app.ready()
  writeFileSync(contractOpenApiPath(), portableDocument(app.swagger() as unknown as Record<string, unknown>))
  await app.close()
  await database.close()
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  main().catch((error: unknown) => {
    console.error(error)
    process.exit(1)
  })
}
