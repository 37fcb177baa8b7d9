import { BULK_INVITE_SEPARATORS } from '@timbre/contract'

const EMAIL = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/

/** The valid, distinct addresses of a bulk-invite text (spaces, commas or newlines between them). */
export function parseBulkEmails(text: string): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const part of text.split(BULK_INVITE_SEPARATORS)) {
    const email = part.trim()
    if (!EMAIL.test(email) || seen.has(email.toLowerCase())) continue
    seen.add(email.toLowerCase())
    out.push(email)
  }
  return out
}

/** A webhook or token URL the server will accept the form of: HTTPS with a host. */
export function isHttpsUrl(text: string): boolean {
  try {
    const url = new URL(text.trim())
    return url.protocol === 'https:' && url.hostname !== ''
  } catch {
    return false
  }
}
