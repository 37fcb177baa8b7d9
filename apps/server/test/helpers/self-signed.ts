import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A throwaway certificate for an HTTPS peer a test starts on this machine. */
export interface SelfSignedCertificate {
  key: Buffer
  cert: Buffer
  /** The certificate's file, which is also the CA file that makes the server trust it. */
  certPath: string
  remove(): void
}

/**
 * A one-day self-signed certificate made by OpenSSL for the given subject alternative names
 * (by default the loopback address the tests listen on).
 */
export function selfSignedCertificate(altNames = 'IP:127.0.0.1'): SelfSignedCertificate {
  const dir = mkdtempSync(join(tmpdir(), 'timbre-test-cert-'))
  const keyPath = join(dir, 'key.pem')
  const certPath = join(dir, 'cert.pem')
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'].concat([
      '-addext',
      `subjectAltName=${altNames}`,
      '-keyout',
      keyPath,
      '-out',
      certPath,
    ]),
    { stdio: 'ignore' },
  )
  return {
    key: readFileSync(keyPath),
    cert: readFileSync(certPath),
    certPath,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  }
}
