#!/usr/bin/env node
// `npm start`'s build step: builds only the workspaces whose sources changed since their last
// build, so a restart with a current build starts in seconds. A workspace's fingerprint is a
// hash of the path, size and modification time of each of its build inputs, of the lock file
// and of the fingerprints of the workspaces it builds on; it is written into the workspace's
// dist folder after a successful build. `--force` builds everything.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const STAMP = '.build-fingerprint'

/** In build order; `inputs` are files or folders relative to the workspace. */
const workspaces = [
  { dir: 'packages/contract', inputs: ['src', 'package.json', 'tsconfig.build.json'], after: [] },
  {
    dir: 'packages/speech',
    inputs: ['src', 'package.json', 'tsconfig.build.json'],
    after: ['packages/contract'],
  },
  {
    dir: 'apps/server',
    inputs: ['src', 'package.json', 'tsconfig.build.json'],
    after: ['packages/contract', 'packages/speech'],
  },
  {
    dir: 'apps/web',
    inputs: ['src', 'public', 'index.html', 'package.json', 'tsconfig.json', 'vite.config.ts'],
    after: ['packages/contract'],
  },
]

/** Test files do not go into a build, so changing one does not call for a new build. */
const isTest = (name) => /\.test\.tsx?$/.test(name)

function listFiles(path, out) {
  if (!existsSync(path)) return
  const stat = statSync(path)
  if (stat.isDirectory()) {
    for (const name of readdirSync(path).sort()) {
      if (name === 'node_modules' || name === 'dist') continue
      listFiles(join(path, name), out)
    }
  } else if (!isTest(path)) {
    out.push(`${relative(root, path)}\0${stat.size}\0${Math.trunc(stat.mtimeMs)}`)
  }
}

const shared = ['tsconfig.base.json', 'package-lock.json'].map((f) => {
  const path = join(root, f)
  return existsSync(path) ? `${f}\0${createHash('sha256').update(readFileSync(path)).digest('hex')}` : f
})

const force = process.argv.includes('--force')
const fingerprints = new Map()
let built = 0
for (const ws of workspaces) {
  const files = [...shared, ...ws.after.map((d) => `${d}\0${fingerprints.get(d)}`)]
  for (const input of ws.inputs) listFiles(join(root, ws.dir, input), files)
  const fingerprint = createHash('sha256').update(files.join('\n')).digest('hex')
  fingerprints.set(ws.dir, fingerprint)
  const stampPath = join(root, ws.dir, 'dist', STAMP)
  const current = existsSync(stampPath) && readFileSync(stampPath, 'utf8').trim() === fingerprint
  if (current && !force) {
    console.log(`${ws.dir}: build is current`)
    continue
  }
  console.log(`${ws.dir}: building`)
  const started = Date.now()
  const result = spawnSync('npm', ['run', 'build', '-w', ws.dir], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
  writeFileSync(stampPath, `${fingerprint}\n`)
  console.log(`${ws.dir}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  built++
}
if (built === 0) console.log('Every workspace is built and current.')
