import type { GrantSession } from '../../lib/api-types'

export type GrantStep = 'accept' | 'convert' | 'accepted' | 'expired'

/**
 * What the acceptance page offers: a finished session shows the outcome, an expired one asks to
 * start again, and a workspace that pays for a plan converts (its paid plan follows the grant)
 * instead of accepting outright.
 */
export function grantStep(session: Pick<GrantSession, 'status' | 'requires_conversion'>): GrantStep {
  if (session.status === 'complete') return 'accepted'
  if (session.status === 'expired') return 'expired'
  return session.requires_conversion ? 'convert' : 'accept'
}
