import { execFile } from 'node:child_process'
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { LanguagePair, TranslationProvider } from './translation-provider.js'
import { TranslationUnavailable } from './translation-provider.js'

// Apertium, the rule-based translator Debian packages (apertium plus one apertium-xxx-yyy
// package per pair). Its installed modes are read from its modes folder; a mode's name gives
// the pair in ISO 639-1 or 639-3 codes (eng-spa, en-gl), and variants (eng-cat_valencia) are
// left out. Texts go through one process per call, one per line, and come back one per line.

const MODES_DIR = '/usr/share/apertium/modes'
/** One call's time limit: a pair translates a page of text in well under a second. */
const TIMEOUT_MS = 60_000

const ISO3_TO_1: Record<string, string> = {
  eng: 'en',
  spa: 'es',
  cat: 'ca',
  glg: 'gl',
  epo: 'eo',
  eus: 'eu',
  por: 'pt',
  fra: 'fr',
  ita: 'it',
  deu: 'de',
  nld: 'nl',
  ron: 'ro',
  swe: 'sv',
  dan: 'da',
  isl: 'is',
  mkd: 'mk',
  hbs: 'hr',
  bul: 'bg',
  ukr: 'uk',
  rus: 'ru',
  pol: 'pl',
  ces: 'cs',
  slk: 'sk',
}

const iso1 = (code: string): string | null =>
  code.length === 2 ? code : code.length === 3 ? (ISO3_TO_1[code] ?? null) : null

/** The pair a mode's file name names, or null for a variant or an unknown code. */
export function pairOfMode(fileName: string): LanguagePair | null {
  const match = /^([a-z]{2,3})-([a-z]{2,3})\.mode$/.exec(fileName)
  if (!match) return null
  const source = iso1(match[1]!)
  const target = iso1(match[2]!)
  return source && target ? { source, target } : null
}

/**
 * One run of a mode over `input`. The text goes in a file: the apertium script opens its input
 * by path, and /dev/stdin cannot be opened when stdin is the socket Node gives a child.
 */
async function run(mode: string, input: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'timbre-apertium-'))
  const file = join(dir, 'input.txt')
  try {
    await writeFile(file, input)
    return await new Promise<string>((resolve, reject) => {
      execFile(
        'apertium',
        ['-u', mode, file],
        { timeout: TIMEOUT_MS, maxBuffer: 32 * 1024 * 1024 },
        (error, stdout) => (error ? reject(error) : resolve(stdout)),
      )
    })
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

export function createApertiumProvider(options: { modesDir?: string } = {}): TranslationProvider {
  const dir = options.modesDir ?? MODES_DIR
  let modes: Promise<Map<string, string>> | undefined
  const installed = () => {
    modes ??= readdir(dir)
      .then((names) => {
        const found = new Map<string, string>()
        for (const name of names) {
          const pair = pairOfMode(name)
          if (pair) found.set(`${pair.source}>${pair.target}`, name.replace(/\.mode$/, ''))
        }
        return found
      })
      .catch(() => new Map<string, string>())
    return modes
  }
  return {
    id: 'apertium',
    label: 'Apertium (rule-based, on this server)',
    async pairs() {
      return [...(await installed()).keys()].map((key) => {
        const [source, target] = key.split('>') as [string, string]
        return { source, target }
      })
    },
    async translate(texts, pair) {
      const mode = (await installed()).get(`${pair.source}>${pair.target}`)
      if (!mode) throw new TranslationUnavailable(`Apertium has no ${pair.source}-${pair.target} pair`)
      if (texts.length === 0) return []
      // One text per line: line breaks inside a text would shift every later one.
      const lines = texts.map((t) => t.replace(/\s+/g, ' ').trim())
      let out: string
      try {
        out = await run(mode, `${lines.join('\n')}\n`)
      } catch (error) {
        throw new TranslationUnavailable(`Apertium failed: ${(error as Error).message}`)
      }
      const translated = out.replace(/\n$/, '').split('\n')
      if (translated.length === lines.length) return translated.map((t) => t.trim())
      // The pair joined or split lines: each text on its own keeps the order certain.
      return Promise.all(lines.map(async (line) => (await run(mode, `${line}\n`)).trim()))
    },
  }
}
