import type { ConsentDeps } from './consent-deps.js'

/** The operator publishes new terms: every user meets the Updated Terms dialog until they accept. */
export async function publishTerms(deps: ConsentDeps, version: string) {
  const published = await deps.repository.publishTerms(version, deps.now())
  return { version, published }
}
