import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  to: string[]
  raw: string
}

/** A real SMTP server (smtp-server) that keeps what it receives, for tests. */
export async function startSmtpSink() {
  const received: ReceivedMail[] = []
  const waiters: Array<() => void> = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        for (const w of waiters.splice(0)) w()
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Waits for a message to an address, up to `timeoutMs`. */
    async waitFor(to: string, timeoutMs = 15_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = received.find((m) => m.to.includes(to))
        if (found) return found
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`)
        await new Promise<void>((resolve) => {
          waiters.push(resolve)
          setTimeout(resolve, 200)
        })
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The action link of a mail (quoted-printable soft breaks undone). */
export function extractActionLink(raw: string): URL {
  const unfolded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
  const match = /https?:\/\/[^\s"<>]+\/action\?[^\s"<>]+/.exec(unfolded)
  if (!match) throw new Error('no action link in mail')
  return new URL(match[0].replace(/&amp;/g, '&'))
}
