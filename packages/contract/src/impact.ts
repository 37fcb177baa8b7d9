// The impact program: partners (non-profits, educators, accessibility programmes) the operator
// lists, applications users send them, and the partners' decisions.

export const IMPACT_PARTNER_CATEGORIES = ['non_profit', 'educator', 'accessibility'] as const
export type ImpactPartnerCategory = (typeof IMPACT_PARTNER_CATEGORIES)[number]

/**
 * Our decision values: approve grants the partner's benefit; reject is final; ask for more
 * sends the application back to the applicant, whose new answer makes it pending again.
 */
export const IMPACT_DECISIONS = ['approve', 'reject', 'request_more_info'] as const
export type ImpactDecision = (typeof IMPACT_DECISIONS)[number]

export const IMPACT_APPLICATION_STATES = ['pending', 'more_info_requested', 'approved', 'rejected'] as const
export type ImpactApplicationState = (typeof IMPACT_APPLICATION_STATES)[number]

/** The benefit an approved application grants: a grant plan for some months (a grant offer). */
export const IMPACT_BENEFIT_TIERS = ['grant_tier_1', 'grant_tier_2'] as const
export const IMPACT_BENEFIT_MAX_MONTHS = 12

export const IMPACT_LIMITS = {
  organisationMax: 200,
  statementMin: 50,
  statementMax: 4000,
  reviewMessageMax: 2000,
  partnerNameMax: 120,
  partnerDescriptionMax: 2000,
} as const
