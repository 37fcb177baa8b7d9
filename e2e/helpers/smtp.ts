import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/** A real SMTP server that keeps the messages it receives. */
export async function startSmtp() {
  const messages: Array<{ to: string[]; raw: string }> = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const port = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    async linkFor(to: string, mode: string, timeoutMs = 20_000): Promise<string> {
      const deadline = Date.now() + timeoutMs
      while (Date.now() < deadline) {
        for (const m of messages.filter((x) => x.to.includes(to))) {
          const unfolded = m.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
          const match = new RegExp(`https?://[^\\s"<>]+/action\\?mode=${mode}[^\\s"<>]+`).exec(unfolded)
          if (match) return match[0].replace(/&amp;/g, '&')
        }
        await new Promise((r) => setTimeout(r, 200))
      }
      throw new Error(`no ${mode} mail to ${to}`)
    },
    /** The first link to `to` whose address matches the pattern (e.g. a workspace invite). */
    async linkMatching(to: string, pattern: RegExp, timeoutMs = 20_000): Promise<string> {
      const deadline = Date.now() + timeoutMs
      while (Date.now() < deadline) {
        for (const m of messages.filter((x) => x.to.includes(to))) {
          const unfolded = m.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
          for (const found of unfolded.matchAll(/https?:\/\/[^\s"<>]+/g)) {
            const link = found[0].replace(/&amp;/g, '&')
            if (pattern.test(link)) return link
          }
        }
        await new Promise((r) => setTimeout(r, 200))
      }
      throw new Error(`no mail to ${to} with a link matching ${pattern}`)
    },
    /** The first match of a pattern in a mail to `to` (e.g. a code in the text). */
    async textMatching(to: string, pattern: RegExp, timeoutMs = 20_000): Promise<RegExpExecArray> {
      const deadline = Date.now() + timeoutMs
      while (Date.now() < deadline) {
        for (const m of messages.filter((x) => x.to.includes(to))) {
          const match = pattern.exec(m.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
          if (match) return match
        }
        await new Promise((r) => setTimeout(r, 200))
      }
      throw new Error(`no mail to ${to} matching ${pattern}`)
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}
