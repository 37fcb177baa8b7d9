import { constants, crc32, deflateRawSync } from 'node:zlib'

// Real decompression bombs, made in milliseconds: a megabyte of one repeated byte is deflated
// once with a full flush (which resets the compressor, so the block stands on its own) and the
// block is repeated, giving a valid deflate stream of gigabytes in about a megabyte. The zip
// container around it is written as the format defines it, with true sizes and CRC-32, or with
// declared sizes that lie.

const MiB = 1024 * 1024
/** An empty final stored block: ends a deflate stream that stopped on a byte boundary. */
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff])

export interface ZipEntry {
  name: string
  /** The deflated bytes. */
  data: Buffer
  size: number
  crc: number
  /** The size the archive claims, when it lies. */
  declaredSize?: number
}

const flushed = (bytes: Buffer) => deflateRawSync(bytes, { level: 9, finishFlush: constants.Z_FULL_FLUSH })

/** An entry of `prefix`, then `megabytes` MB of `fill`, then `suffix`, deflated. */
export function bombEntry(
  name: string,
  megabytes: number,
  parts: { prefix?: string; suffix?: string; fill?: string } = {},
): ZipEntry {
  const prefix = Buffer.from(parts.prefix ?? '')
  const suffix = Buffer.from(parts.suffix ?? '')
  const chunk = Buffer.alloc(MiB, parts.fill ?? ' ')
  const block = flushed(chunk)
  let crc = crc32(prefix)
  for (let i = 0; i < megabytes; i++) crc = crc32(chunk, crc)
  crc = crc32(suffix, crc)
  const data = Buffer.concat([
    flushed(prefix),
    ...Array.from({ length: megabytes }, () => block),
    flushed(suffix),
    FINAL_BLOCK,
  ])
  return { name, data, size: prefix.length + megabytes * MiB + suffix.length, crc }
}

/** A small entry with its true sizes. */
export function plainEntry(name: string, text: string): ZipEntry {
  const bytes = Buffer.from(text)
  return { name, data: Buffer.concat([flushed(bytes), FINAL_BLOCK]), size: bytes.length, crc: crc32(bytes) }
}

/** A zip archive of deflated entries (sizes under 4 GB). */
export function zipOf(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.name)
    const size = entry.declaredSize ?? entry.size
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(8, 8) // deflate
    local.writeUInt32LE(entry.crc >>> 0, 14)
    local.writeUInt32LE(entry.data.length, 18)
    local.writeUInt32LE(size, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(8, 10)
    central.writeUInt32LE(entry.crc >>> 0, 16)
    central.writeUInt32LE(entry.data.length, 20)
    central.writeUInt32LE(size, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, entry.data)
    centrals.push(central, name)
    offset += local.length + name.length + entry.data.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'

/** A Word document whose one paragraph holds `megabytes` MB of spaces. */
export function docxBomb(megabytes: number, options: { declaredSize?: number } = {}): Buffer {
  const document = bombEntry('word/document.xml', megabytes, {
    prefix: `<?xml version="1.0"?><w:document ${W}><w:body><w:p><w:r><w:t xml:space="preserve">Hello`,
    suffix: 'world</w:t></w:r></w:p></w:body></w:document>',
  })
  return zipOf([
    plainEntry(
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    plainEntry(
      '_rels/.rels',
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    { ...document, ...(options.declaredSize !== undefined ? { declaredSize: options.declaredSize } : {}) },
  ])
}

/** An EPUB whose one chapter holds `megabytes` MB of spaces. */
export function epubBomb(megabytes: number): Buffer {
  return zipOf([
    plainEntry('mimetype', 'application/epub+zip'),
    plainEntry(
      'META-INF/container.xml',
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    ),
    plainEntry(
      'content.opf',
      '<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Bomb</dc:title></metadata><manifest><item id="c0" href="ch0.xhtml" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="c0"/></spine></package>',
    ),
    bombEntry('ch0.xhtml', megabytes, {
      prefix: '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><body><p>Hello',
      suffix: 'world</p></body></html>',
    }),
  ])
}
