import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// The shape of the server, checked on every test run so it cannot drift:
// SQL lives only in repositories (and the database layer itself), every domain folder has one
// `<domain>.module.ts`, and app.ts wires modules rather than repositories or services.

const src = dirname(fileURLToPath(import.meta.url))
const repo = join(src, '../../..')
const modulesDir = join(src, 'modules')

function sourceFiles(dir: string, options: { tests?: boolean } = {}): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (name === 'node_modules' || name === 'dist') return []
    if (statSync(path).isDirectory()) return sourceFiles(path, options)
    const test = name.endsWith('.test.ts') || name.endsWith('.test.tsx')
    const source = /\.tsx?$/.test(name) && !name.endsWith('.d.ts')
    return source && (options.tests || !test) ? [path] : []
  })
}

/** A comment that sends the reader to an issue, a spec section or a document outside the repository. */
const POINTER = new RegExp(
  [
    '(//|/\\*|^\\s*\\*).*(',
    ['(issue|item) \\d+', 'DESIGN\\.md', ['STACK', 'NOTES'].join('-'), '\\.\\./shared'].join('|'),
    '|spec (core|creative|workspaces)|sections? \\d)',
  ].join(''),
  'i',
)

/** Query-builder entry points and raw SQL: what only a repository may call. */
const SQL_PATTERNS = [
  /\.selectFrom\(/,
  /\.insertInto\(/,
  /\.updateTable\(/,
  /\.deleteFrom\(/,
  /\.replaceInto\(/,
  /\bsql`/,
  /\bsql\.raw\(/,
  /\.executeQuery\(/,
]

/** The database layer and the queue runtime talk to the database by their nature. */
function mayHoldSql(path: string): boolean {
  const rel = relative(src, path)
  return rel.endsWith('.repository.ts') || rel.startsWith(`db${'/'}`)
}

describe('server architecture', () => {
  it('holds SQL only in repositories', () => {
    const offenders = sourceFiles(src)
      .filter((path) => !mayHoldSql(path))
      .flatMap((path) => {
        const lines = readFileSync(path, 'utf8').split('\n')
        return lines
          .map((line, i) => ({ line, i }))
          .filter(({ line }) => SQL_PATTERNS.some((p) => p.test(line)))
          .map(({ i }) => `${relative(src, path)}:${i + 1}`)
      })
    expect(offenders).toEqual([])
  })

  it('gives every domain one <domain>.module.ts', () => {
    const domains = readdirSync(modulesDir).filter((name) => statSync(join(modulesDir, name)).isDirectory())
    const missing = domains.filter((d) => !readdirSync(join(modulesDir, d)).includes(`${d}.module.ts`))
    expect(missing).toEqual([])
  })

  it('wires domains in app.ts through their modules only', () => {
    const app = readFileSync(join(src, 'app.ts'), 'utf8')
    const domainImports = [...app.matchAll(/from '\.\/modules\/([^']+)'/g)].map((m) => m[1] ?? '')
    const notModules = domainImports.filter(
      (path) => path !== 'domain-module.js' && !/\/[a-z-]+\.module\.js$/.test(path),
    )
    expect(notModules).toEqual([])
  })

  it('lets domains reach each other only through module ports and shared types', () => {
    // Another domain's repository is private to it: cross-domain calls go through ports.
    const offenders = sourceFiles(modulesDir).flatMap((path) => {
      const domain = relative(modulesDir, path).split('/')[0]
      const text = readFileSync(path, 'utf8')
      // Resolved from the importing file, so a domain's own sub-folders are not other domains.
      return [...text.matchAll(/from '(\.\.?\/[a-z./-]+)\.js'/g)]
        .map((m) => relative(modulesDir, join(dirname(path), m[1] ?? '')))
        .filter((target) => target.split('/')[0] !== domain && target.endsWith('.repository'))
        .map((target) => `${relative(src, path)} imports ${target}`)
    })
    expect(offenders).toEqual([])
  })

  it('keeps comments self-contained: they state rules, not issue numbers or outside documents', () => {
    const roots = [
      'apps/server/src',
      'apps/server/test',
      'apps/web/src',
      'packages/contract/src',
      'packages/speech/src',
      'packages/speech/test',
      'e2e',
      'bench',
    ]
    const offenders = roots.flatMap((root) =>
      sourceFiles(join(repo, root), { tests: true })
        .filter((path) => !path.endsWith('openapi-types.ts'))
        .flatMap((path) =>
          readFileSync(path, 'utf8')
            .split('\n')
            .flatMap((line, i) => (POINTER.test(line) ? [`${relative(repo, path)}:${i + 1}`] : [])),
        ),
    )
    expect(offenders).toEqual([])
  })
})
