import { listZipEntries, readZipEntries } from '../../platform/archive/bounded-zip.js'

// Applicants' uploads are recognised by their bytes, never by their name or declared type.

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
  signature.every((byte, i) => bytes[at + i] === byte)
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0))

/** An introduction video: MP4/MOV (ftyp box), WebM/Matroska (EBML) or AVI; its content type. */
export function sniffVideo(bytes: Uint8Array): string | null {
  if (bytes.length < 12) return null
  if (startsWith(bytes, ascii('ftyp'), 4)) {
    const brand = String.fromCharCode(...bytes.slice(8, 12))
    return brand === 'qt  ' ? 'video/quicktime' : 'video/mp4'
  }
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return 'video/webm'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('AVI '), 8)) return 'video/x-msvideo'
  return null
}

/** A CV: PDF, DOCX, ODT, legacy Word (OLE), RTF, or plain UTF-8 text; its content type. */
export function sniffDocument(bytes: Uint8Array): string | null {
  if (bytes.length < 4) return null
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf'
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'application/msword'
  if (startsWith(bytes, ascii('{\\rtf'))) return 'application/rtf'
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return zippedDocument(bytes)
  return plainText(bytes) ? 'text/plain' : null
}

function zippedDocument(bytes: Uint8Array): string | null {
  const limits = { maxInflatedBytes: 4096, maxEntries: 5000, label: 'The CV' }
  try {
    if (listZipEntries(bytes, limits).includes('word/document.xml'))
      return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
    const { mimetype } = readZipEntries(bytes, (name) => name === 'mimetype', limits)
    if (mimetype && new TextDecoder().decode(mimetype) === 'application/vnd.oasis.opendocument.text')
      return 'application/vnd.oasis.opendocument.text'
  } catch {
    return null
  }
  return null
}

/** UTF-8 without control characters other than whitespace. */
function plainText(bytes: Uint8Array): boolean {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return false
  }
  if (text.trim().length === 0) return false
  for (const char of text) {
    const code = char.codePointAt(0)!
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d && code !== 0x0c) || code === 0x7f)
      return false
  }
  return true
}
