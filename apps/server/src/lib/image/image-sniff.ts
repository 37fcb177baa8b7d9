import { Parser } from 'htmlparser2'

// Recognises an uploaded image by its bytes, never by its name or declared type, which the
// client controls: JPEG, PNG, WebP, and SVG. An SVG is a document a browser runs, so it is
// accepted only as XML whose root is <svg> and which holds nothing that executes or pulls in
// other documents (scripts, event handlers, javascript: links, embedded HTML, DOCTYPE/entities).

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'svg'

export interface SniffedImage {
  kind: ImageKind
  mimeType: string
  extension: string
}

const IMAGES: Record<ImageKind, SniffedImage> = {
  jpeg: { kind: 'jpeg', mimeType: 'image/jpeg', extension: 'jpg' },
  png: { kind: 'png', mimeType: 'image/png', extension: 'png' },
  webp: { kind: 'webp', mimeType: 'image/webp', extension: 'webp' },
  svg: { kind: 'svg', mimeType: 'image/svg+xml', extension: 'svg' },
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const ascii = (b: Uint8Array, at: number, length: number) =>
  at + length <= b.length ? String.fromCharCode(...b.subarray(at, at + length)) : ''

/** Elements that run code or embed other documents inside an SVG. */
const ACTIVE_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'iframe',
  'embed',
  'object',
  'handler',
  'listener',
])

/** Why an SVG document is refused, or null when it is a plain, script-free <svg>. */
export function svgProblem(text: string): string | null {
  let root: string | null = null
  let problem: string | null = null
  const refuse = (why: string) => {
    problem ??= why
  }
  const parser = new Parser(
    {
      onprocessinginstruction(name) {
        if (name.toLowerCase().startsWith('!doctype') || name.toLowerCase().startsWith('!entity'))
          refuse('An SVG with a DOCTYPE or entities is not accepted.')
      },
      onopentag(name, attributes) {
        const tag = name.toLowerCase().replace(/^svg:/, '')
        root ??= tag
        if (ACTIVE_ELEMENTS.has(tag)) refuse('An SVG with scripts or embedded documents is not accepted.')
        for (const [key, value] of Object.entries(attributes)) {
          const attribute = key.toLowerCase()
          if (attribute.startsWith('on')) refuse('An SVG with event handlers is not accepted.')
          if (/^\s*(javascript|vbscript|data:text\/html)/i.test(value.replace(/[\s\0]/g, '')))
            refuse('An SVG with script links is not accepted.')
        }
      },
    },
    { xmlMode: true },
  )
  parser.write(text)
  parser.end()
  if (root !== 'svg') return 'The file is not an SVG image.'
  return problem
}

/** The image format of `bytes`; null when they are not an image we accept. */
export function sniffImage(bytes: Uint8Array): SniffedImage | null {
  if (bytes.length < 12) return null
  if (PNG_SIGNATURE.every((byte, i) => bytes[i] === byte)) return IMAGES.png
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return IMAGES.jpeg
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return IMAGES.webp
  const head = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes.subarray(0, 4096))
    .replace(/^\uFEFF/, '')
  // An SVG's prologue: an XML declaration, comments, then the <svg> root or an svg DOCTYPE (which
  // svgProblem refuses with its own reason).
  if (/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE\s+svg[\s>[]|<svg[\s>])/i.test(head)) {
    return IMAGES.svg
  }
  return null
}
