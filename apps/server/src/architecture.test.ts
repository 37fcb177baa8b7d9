import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import {
  crossDomainImports,
  directNetworkCalls,
  forwardModuleReferences,
  literalUses,
  longFunctionOffences,
  longFunctions,
  lowerLayerImports,
  packageImports,
  type Source,
} from '../test/helpers/architecture-rules.js'

// The shape of the server, checked on every test run so it cannot drift:
// SQL lives only in repositories (and the database layer itself), every domain folder has one
// `<domain>.module.ts`, app.ts wires modules rather than repositories or services and builds
// each after the modules it uses, domains meet only through module ports and platform/, and
// the shared machinery (multipart, archives, outbound calls, spec constants) has one home.
// Each rule is also run on a planted violation, so a rule that stopped seeing is noticed.

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

/** Functions in modules/ may have at most this many lines. */
const MAX_FUNCTION_LINES = 150

function serverSources(dir: string): Source[] {
  return sourceFiles(dir).map((path) => ({
    path: relative(src, path).replaceAll('\\', '/'),
    text: readFileSync(path, 'utf8'),
  }))
}

describe('server architecture: layers and one home for shared machinery', () => {
  const server = serverSources(src)
  const modules = server.filter((s) => s.path.startsWith('modules/'))

  it(`keeps every function in modules/ within ${MAX_FUNCTION_LINES} lines`, () => {
    expect(longFunctionOffences(longFunctions(modules, MAX_FUNCTION_LINES), {})).toEqual([])
  })

  it('imports another domain only through its <domain>.module.ts', () => {
    expect(crossDomainImports(server)).toEqual([])
  })

  it('keeps platform/, db/ and lib/ free of domain imports', () => {
    expect(lowerLayerImports(server)).toEqual([])
  })

  it('builds every module in app.ts after the modules it uses', () => {
    expect(
      forwardModuleReferences({ path: 'app.ts', text: readFileSync(join(src, 'app.ts'), 'utf8') }),
    ).toEqual([])
  })

  it('reads multipart bodies only in platform/http and unpacks archives only in platform/archive', () => {
    expect(packageImports(server, 'busboy', 'platform/http/')).toEqual([])
    expect(packageImports(server, 'fflate', 'platform/archive/', ['unzip', 'unzipSync', 'Unzip'])).toEqual([])
  })

  it('writes Compound Files only in lib/aaf', () => {
    expect(packageImports(server, 'cfb', 'lib/aaf/')).toEqual([])
  })

  it('calls the network only through platform/outbound', () => {
    // The operator's own language-model and embeddings endpoints, set in the server
    // configuration (they may be on the same machine), are the only direct calls; no
    // client-supplied address reaches them.
    expect(
      directNetworkCalls(server, [
        'modules/podcasts/chat-completions.ts',
        'modules/knowledge-base/embeddings.ts',
      ]),
    ).toEqual([])
  })

  it('names the default output format only in packages/contract', () => {
    const roots = ['apps/server/src', 'apps/web/src', 'packages/speech/src']
    const sources = roots.flatMap((root) =>
      sourceFiles(join(repo, root)).map((path) => ({
        path: relative(repo, path),
        text: readFileSync(path, 'utf8'),
      })),
    )
    expect(literalUses(sources, ['mp3', '44100', '128'].join('_'))).toEqual([])
  })
})

describe('server architecture rules catch planted violations', () => {
  const longBody = Array.from({ length: MAX_FUNCTION_LINES }, (_, i) => `  const v${i} = ${i}`).join('\n')

  it('finds a long function, a grown listed one and a listed one that is gone', () => {
    const planted = [{ path: 'modules/x/x.service.ts', text: `export function big() {\n${longBody}\n}\n` }]
    const found = longFunctions(planted, MAX_FUNCTION_LINES)
    expect(found).toEqual([{ key: 'modules/x/x.service.ts:big', lines: MAX_FUNCTION_LINES + 2 }])
    expect(longFunctionOffences(found, {})).toHaveLength(1)
    expect(longFunctionOffences(found, { 'modules/x/x.service.ts:big': 151 })).toHaveLength(1)
    expect(longFunctionOffences(found, { 'modules/x/x.service.ts:big': 152 })).toEqual([])
    expect(longFunctionOffences([], { 'modules/x/x.service.ts:big': 152 })).toHaveLength(1)
    const arrow = [{ path: 'modules/x/x.routes.ts', text: `app.get('/', async () => {\n${longBody}\n})\n` }]
    expect(longFunctions(arrow, MAX_FUNCTION_LINES)).toHaveLength(1)
  })

  it("finds an import of another domain's repository or service", () => {
    const planted = [
      { path: 'modules/voices/a.ts', text: "import { x } from '../credits/credits.service.js'" },
      { path: 'modules/voices/b.ts', text: "export { y } from '../billing/billing.repository.js'" },
      { path: 'modules/voices/c.ts', text: "import type { Z } from '../billing/billing.module.js'" },
      { path: 'modules/voices/d.ts', text: "import { w } from './voice-lookup.js'" },
    ]
    expect(crossDomainImports(planted)).toEqual([
      'modules/voices/a.ts imports modules/credits/credits.service.js',
      'modules/voices/b.ts imports modules/billing/billing.repository.js',
    ])
  })

  it('finds a shared layer importing a domain', () => {
    const planted = [
      {
        path: 'platform/generation/x.ts',
        text: "import type { R } from '../../modules/recording/recording.module.js'",
      },
      { path: 'lib/y.ts', text: "import { v } from '../modules/voices/voices.module.js'" },
      { path: 'platform/z.ts', text: "import { a } from './events.js'" },
    ]
    expect(lowerLayerImports(planted)).toHaveLength(2)
  })

  it('finds a module used before it is built', () => {
    const text = `function buildModules() {
  const voices = createVoicesModule({ tierOf: async (id) => (await billing.ports.subscription(id)).tier })
  const billing = createBillingModule({ db })
  const later = createLaterModule({ voices: voices.ports, billing })
}`
    expect(forwardModuleReferences({ path: 'app.ts', text })).toEqual([
      'app.ts:2 uses billing before it is built',
    ])
  })

  it('finds busboy and unzip outside their homes, and leaves zipping alone', () => {
    const planted = [
      { path: 'modules/voices/form.ts', text: "import busboy from 'busboy'" },
      { path: 'platform/http/multipart.ts', text: "import busboy from 'busboy'" },
      { path: 'modules/studio/epub.ts', text: "import { strFromU8, unzipSync } from 'fflate'" },
      { path: 'modules/history/zip.ts', text: "import { Zip, zipSync } from 'fflate'" },
      { path: 'platform/archive/bounded-zip.ts', text: "import { unzipSync } from 'fflate'" },
    ]
    expect(packageImports(planted, 'busboy', 'platform/http/')).toEqual([
      'modules/voices/form.ts imports busboy',
    ])
    expect(packageImports(planted, 'fflate', 'platform/archive/', ['unzip', 'unzipSync', 'Unzip'])).toEqual([
      'modules/studio/epub.ts imports fflate (unzip, unzipSync, Unzip)',
    ])
  })

  it('finds fetch and raw HTTP requests outside platform/outbound', () => {
    const planted = [
      { path: 'modules/studio/page.ts', text: 'export const get = (url: string) => fetch(url)' },
      { path: 'modules/studio/page2.ts', text: 'export const get = (url: string) => globalThis.fetch(url)' },
      { path: 'modules/webhooks/send.ts', text: "import { request } from 'node:https'" },
      { path: 'modules/webhooks/types.ts', text: "import type { IncomingMessage } from 'node:http'" },
      { path: 'modules/sso/x.ts', text: 'const a = { fetch: deps.fetch }; a.fetch(url)' },
      { path: 'platform/outbound/checked-fetch.ts', text: 'export const f = (u: string) => fetch(u)' },
    ]
    expect(directNetworkCalls(planted, [])).toEqual([
      'modules/studio/page.ts:1 calls fetch',
      'modules/studio/page2.ts:1 calls fetch',
      'modules/webhooks/send.ts imports node:https',
    ])
  })

  it('finds the default output format written out', () => {
    const value = ['mp3', '44100', '128'].join('_')
    const planted = [
      { path: 'apps/web/src/a.ts', text: `const f = '${value}'` },
      { path: 'apps/web/src/b.ts', text: `// the default is \`${value}\` in prose only\nconst g = 1` },
    ]
    expect(literalUses(planted, value)).toEqual(['apps/web/src/a.ts:1'])
  })
})
