// `npm run bench`: runs every benchmark module under bench/<area>/*.ts in turn. A module
// exports `bench(): Promise<void>` and prints its own table. Benchmarks, not tests: no
// pass/fail, the numbers go in the notes.
import { readdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = dirname(fileURLToPath(import.meta.url))
const only = process.argv.slice(2)

for (const area of readdirSync(root).sort()) {
  const dir = join(root, area)
  if (!statSync(dir).isDirectory() || area === 'node_modules') continue
  for (const file of readdirSync(dir).sort()) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue
    const name = `${area}/${file}`
    if (only.length > 0 && !only.some((o) => name.includes(o))) continue
    const module = (await import(pathToFileURL(join(dir, file)).href)) as { bench?: () => Promise<void> }
    if (typeof module.bench !== 'function') continue
    console.log(`\n== ${name}`)
    await module.bench()
  }
}
