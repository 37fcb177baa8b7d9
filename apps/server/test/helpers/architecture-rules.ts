import { dirname, join, normalize } from 'node:path'
import ts from 'typescript'

// The server's structural rules as pure functions over source texts, so the architecture test
// runs them on the real tree and on planted violations alike. Paths are relative to
// apps/server/src (or to the repository for the literal rule) with forward slashes.

export interface Source {
  path: string
  text: string
}

function parse(source: Source): ts.SourceFile {
  const kind = source.path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  return ts.createSourceFile(source.path, source.text, ts.ScriptTarget.Latest, true, kind)
}

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node)
  ts.forEachChild(node, (child) => walk(child, visit))
}

/** Every import and re-export specifier of a file (static, dynamic and `export ... from`). */
function importsOf(file: ts.SourceFile): Array<{ from: string; names: string[] }> {
  const found: Array<{ from: string; names: string[] }> = []
  walk(file, (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (!ts.isStringLiteral(node.moduleSpecifier)) return
      const names: string[] = []
      const clause = ts.isImportDeclaration(node) ? node.importClause : undefined
      if (clause?.name) names.push('default')
      const bindings = ts.isImportDeclaration(node) ? clause?.namedBindings : node.exportClause
      if (bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings)))
        for (const e of bindings.elements) names.push((e.propertyName ?? e.name).text)
      else if (bindings) names.push('*')
      found.push({ from: node.moduleSpecifier.text, names })
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push({ from: node.arguments[0].text, names: ['*'] })
    }
  })
  return found
}

/** A relative import resolved against the importing file: `modules/voices/voices.module.js`. */
function resolveFrom(path: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null
  return normalize(join(dirname(path), specifier)).replaceAll('\\', '/')
}

export interface LongFunction {
  /** `path:name` (the name a reader finds it by: the function, its variable or property). */
  key: string
  lines: number
}

function functionName(node: ts.FunctionLikeDeclaration, file: ts.SourceFile): string {
  if (node.name) return node.name.getText(file)
  const parent = node.parent
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText(file)
  if (ts.isCallExpression(parent)) return `${parent.expression.getText(file).slice(0, 60)}(callback)`
  // An unnamed function (a returned plugin, say) goes by the function it is written in.
  for (let up: ts.Node = parent; !ts.isSourceFile(up); up = up.parent)
    if (ts.isFunctionLike(up)) return `${functionName(up as ts.FunctionLikeDeclaration, file)}>(inner)`
  return '(anonymous)'
}

/** Functions (declarations, arrows, methods) longer than `max` lines, counted from first to last line. */
export function longFunctions(sources: Source[], max: number): LongFunction[] {
  const found: LongFunction[] = []
  for (const source of sources) {
    const file = parse(source)
    walk(file, (node) => {
      if (!ts.isFunctionLike(node) || !('body' in node) || !node.body) return
      const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line
      const last = file.getLineAndCharacterOfPosition(node.end).line
      const lines = last - first + 1
      if (lines <= max) return
      let key = `${source.path}:${functionName(node, file)}`
      for (let n = 2; found.some((f) => f.key === key); n++)
        key = `${source.path}:${functionName(node, file)}#${n}`
      found.push({ key, lines })
    })
  }
  return found.sort((a, b) => b.lines - a.lines)
}

/**
 * The long functions not allowed: any not in the list, and any listed one that grew. Listed
 * functions that are gone or back under the limit are reported too, so the list only shrinks.
 */
export function longFunctionOffences(found: LongFunction[], allowed: Record<string, number>): string[] {
  const offences: string[] = []
  for (const f of found) {
    const limit = allowed[f.key]
    if (limit === undefined) offences.push(`${f.key} has ${f.lines} lines`)
    else if (f.lines > limit) offences.push(`${f.key} grew to ${f.lines} lines (listed at ${limit})`)
  }
  for (const key of Object.keys(allowed))
    if (!found.some((f) => f.key === key)) offences.push(`${key} is listed but no longer too long: remove it`)
  return offences
}

/** Imports from one domain into another that are not of the other's `<domain>.module.ts`. */
export function crossDomainImports(sources: Source[]): string[] {
  return sources.flatMap((source) => {
    if (!source.path.startsWith('modules/')) return []
    const domain = source.path.split('/')[1]
    return importsOf(parse(source)).flatMap(({ from }) => {
      const target = resolveFrom(source.path, from)
      if (!target?.startsWith('modules/') || target === 'modules/domain-module.js') return []
      const parts = target.split('/')
      if (parts[1] === domain) return []
      return /^modules\/[a-z-]+\/[a-z-]+\.module\.js$/.test(target)
        ? []
        : [`${source.path} imports ${target}`]
    })
  })
}

/** Shared layers (platform/, db/, lib/) that import a domain. */
export function lowerLayerImports(sources: Source[]): string[] {
  return sources.flatMap((source) => {
    if (!/^(platform|db|lib)\//.test(source.path)) return []
    return importsOf(parse(source)).flatMap(({ from }) => {
      const target = resolveFrom(source.path, from)
      return target?.startsWith('modules/') ? [`${source.path} imports ${target}`] : []
    })
  })
}

/** Files outside `allowedUnder` importing `pkg` (only the named bindings, when `names` is given). */
export function packageImports(
  sources: Source[],
  pkg: string,
  allowedUnder: string,
  names?: readonly string[],
): string[] {
  return sources.flatMap((source) => {
    if (source.path.startsWith(allowedUnder)) return []
    return importsOf(parse(source))
      .filter(({ from }) => from === pkg)
      .filter(({ names: bound }) => !names || bound.some((n) => n === '*' || names.includes(n)))
      .map(() => `${source.path} imports ${pkg}${names ? ` (${names.join(', ')})` : ''}`)
  })
}

/** String literals (quotes or a template without substitutions) equal to `value`. */
export function literalUses(sources: Source[], value: string): string[] {
  return sources.flatMap((source) => {
    const file = parse(source)
    const hits: string[] = []
    walk(file, (node) => {
      if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && node.text === value) {
        const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1
        hits.push(`${source.path}:${line}`)
      }
    })
    return hits
  })
}

const NETWORK_PACKAGES = ['node:http', 'node:https', 'http', 'https', 'undici', 'node:net', 'node:tls']
const NETWORK_CALLS = ['request', 'get', 'connect', 'fetch', 'Agent', 'Client', 'Pool', 'Socket']

/**
 * Outbound HTTP the address rules do not see: a call of the global `fetch` (bare, or through
 * `globalThis`/`window`), or a value import of a request function from node's http/https/net/tls
 * or undici, anywhere outside platform/outbound and the listed files.
 */
export function directNetworkCalls(sources: Source[], allowed: readonly string[]): string[] {
  return sources.flatMap((source) => {
    if (source.path.startsWith('platform/outbound/') || allowed.includes(source.path)) return []
    const file = parse(source)
    const hits: string[] = []
    walk(file, (node) => {
      if (!ts.isCallExpression(node)) return
      const callee = node.expression
      const bare = ts.isIdentifier(callee) && callee.text === 'fetch'
      const global =
        ts.isPropertyAccessExpression(callee) &&
        callee.name.text === 'fetch' &&
        ts.isIdentifier(callee.expression) &&
        ['globalThis', 'window', 'global', 'self'].includes(callee.expression.text)
      if (bare || global) {
        const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1
        hits.push(`${source.path}:${line} calls fetch`)
      }
    })
    for (const { from, names } of importsOf(file)) {
      if (!NETWORK_PACKAGES.includes(from)) continue
      const values = names.filter((n) => n === '*' || n === 'default' || NETWORK_CALLS.includes(n))
      // Type-only uses (IncomingMessage and the like) are not calls; a namespace import may be.
      if (values.length > 0 && !isTypeOnlyImport(file, from)) hits.push(`${source.path} imports ${from}`)
    }
    return hits
  })
}

function isTypeOnlyImport(file: ts.SourceFile, from: string): boolean {
  return file.statements.every(
    (s) =>
      !ts.isImportDeclaration(s) ||
      !ts.isStringLiteral(s.moduleSpecifier) ||
      s.moduleSpecifier.text !== from ||
      s.importClause?.isTypeOnly === true,
  )
}

/**
 * References in `buildModules` to a module built further down: a domain reaching one built
 * after it, through a closure or otherwise. Module variables are the `const x = create…Module()`
 * declarations of the function.
 */
export function forwardModuleReferences(appSource: Source): string[] {
  const file = parse(appSource)
  let body: ts.Block | undefined
  walk(file, (node) => {
    if (ts.isFunctionDeclaration(node) && node.name?.text === 'buildModules') body = node.body
  })
  if (!body) return ['app.ts has no buildModules function']
  const declared = new Map<string, number>()
  walk(body, (node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      ts.isCallExpression(node.initializer) &&
      /^create\w+Module$/.test(node.initializer.expression.getText(file))
    )
      declared.set(node.name.text, node.getStart(file))
  })
  const offences: string[] = []
  walk(body, (node) => {
    if (!ts.isIdentifier(node)) return
    const at = declared.get(node.text)
    if (at === undefined || node.getStart(file) >= at) return
    const parent = node.parent
    // A property named like a module (`{ voices: ... }`, `x.voices`) is not a reference to it.
    if (ts.isPropertyAccessExpression(parent) && parent.name === node) return
    if (ts.isPropertyAssignment(parent) && parent.name === node) return
    const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1
    offences.push(`app.ts:${line} uses ${node.text} before it is built`)
  })
  return offences
}
