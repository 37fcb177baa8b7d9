import { Resolver } from 'node:dns/promises'
import { DOMAIN_VERIFICATION_RECORD_PREFIX, DOMAIN_VERIFICATION_VALUE_PREFIX } from '@timbre/contract'

/** The TXT record an admin adds to prove they hold a domain. */
export function verificationRecord(domain: string, code: string) {
  return {
    type: 'TXT' as const,
    name: `${DOMAIN_VERIFICATION_RECORD_PREFIX}.${domain}`,
    value: `${DOMAIN_VERIFICATION_VALUE_PREFIX}${code}`,
  }
}

export type DnsCheck =
  | { status: 'passed' }
  | { status: 'pending'; reason: 'no_record' | 'value_mismatch'; found: string[] }
  | { status: 'unknown'; reason: string }

// Answers that mean "the name or its TXT record does not exist (yet)": the admin has not added
// the record, or it has not propagated. Anything else means we could not ask.
const NOT_THERE = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME', 'NXDOMAIN'])

/**
 * Looks the record up through the configured DNS servers (`DNS_SERVER`, host or host:port,
 * comma-separated) or the system's. Passed when one TXT string matches exactly; Pending when the
 * record is missing or holds something else; Unknown when the resolver itself failed.
 */
export function createDomainDns(options: { servers: string[] | null; timeoutMs?: number }) {
  return {
    async check(domain: string, code: string): Promise<DnsCheck> {
      const resolver = new Resolver({ timeout: options.timeoutMs ?? 3000, tries: 2 })
      if (options.servers && options.servers.length > 0) resolver.setServers(options.servers)
      const record = verificationRecord(domain, code)
      let answers: string[][]
      try {
        answers = await resolver.resolveTxt(record.name)
      } catch (error) {
        const codeName = (error as NodeJS.ErrnoException).code ?? 'ERROR'
        if (NOT_THERE.has(codeName)) return { status: 'pending', reason: 'no_record', found: [] }
        return { status: 'unknown', reason: codeName }
      }
      // A long TXT value arrives in 255-byte pieces: joined, they are the value.
      const values = answers.map((pieces) => pieces.join(''))
      if (values.some((v) => v.trim() === record.value)) return { status: 'passed' }
      return {
        status: 'pending',
        reason: values.length === 0 ? 'no_record' : 'value_mismatch',
        found: values.slice(0, 5),
      }
    },
  }
}

export type DomainDns = ReturnType<typeof createDomainDns>
