// Consent and privacy by location: which sign-up terms a visitor sees, where biometric (BIPA)
// and sale/share (CCPA) rules apply, and the texts the product shows for them. The server
// decides with these lists and the web app shows the same.

/** EU member states plus the EEA's Iceland, Liechtenstein and Norway (ISO 3166-1 alpha-2). */
export const EU_EEA_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  'IS',
  'LI',
  'NO',
] as const

/** Countries outside the EU/EEA where the marketing (and the terms) checkbox is shown. */
export const CHECKBOX_COUNTRIES = [
  'GB',
  'CH',
  'CA',
  'AU',
  'NZ',
  'JP',
  'KR',
  'BR',
  'ZA',
  'TR',
  'IL',
  'AR',
  'SG',
  'CN',
  'HK',
] as const

/**
 * Regions that need explicit consent (country:region): Illinois, Texas and Washington in the
 * US, Quebec in Canada. The region wins over its country's rule (Quebec is strict although
 * Canada is a checkbox country).
 */
export const STRICT_CONSENT_REGIONS = ['US:IL', 'US:TX', 'US:WA', 'CA:QC'] as const

/** US states where a checkbox is enough (California). */
export const CHECKBOX_US_STATES = ['CA'] as const

/** Where biometric data needs its own written consent before a voice is cloned or analysed. */
export const BIPA_REGIONS = ['US:IL'] as const

/** US states whose residents may opt out of sale, sharing and targeted advertising. */
export const CCPA_US_STATES = ['CA', 'CT', 'CO', 'UT', 'VA', 'OR', 'MT', 'TX'] as const

/**
 * strict: the terms checkbox must be ticked and the biometric notice is part of it;
 * checkbox: the terms checkbox must be ticked; implicit: signing up accepts the terms.
 */
export type TermsPolicy = 'strict' | 'checkbox' | 'implicit'

export interface ConsentLocation {
  /** ISO 3166-1 alpha-2, upper case. */
  country: string
  /** The subdivision code (US state, Canadian province), upper case; '' when unknown. */
  region: string
  city: string
}

const inList = (list: readonly string[], value: string) => list.includes(value)
const regionKey = (location: ConsentLocation) => `${location.country}:${location.region}`

export function termsPolicyFor(location: ConsentLocation | null): TermsPolicy {
  if (!location) return 'implicit'
  if (inList(STRICT_CONSENT_REGIONS, regionKey(location))) return 'strict'
  if (location.country === 'US') return inList(CHECKBOX_US_STATES, location.region) ? 'checkbox' : 'implicit'
  if (inList(EU_EEA_COUNTRIES, location.country) || inList(CHECKBOX_COUNTRIES, location.country))
    return 'checkbox'
  return 'implicit'
}

/** The marketing checkbox (agrees_to_product_updates) is shown in the EU/EEA and the listed countries. */
export function marketingCheckboxRequired(location: ConsentLocation | null): boolean {
  if (!location) return false
  return inList(EU_EEA_COUNTRIES, location.country) || inList(CHECKBOX_COUNTRIES, location.country)
}

export function bipaApplies(location: ConsentLocation | null): boolean {
  return location !== null && inList(BIPA_REGIONS, regionKey(location))
}

export function ccpaApplies(location: ConsentLocation | null): boolean {
  return location !== null && location.country === 'US' && inList(CCPA_US_STATES, location.region)
}

/** Texts of the consent dialogs and answers, as the product words them. */
export const CONSENT_TEXTS = {
  termsRequired: 'You must accept the Terms of Service and Privacy Policy to continue.',
  bipaRequired:
    'Before you clone or analyse a voice, please read and accept the biometric data terms (BIPA).',
  ccpaTitle: 'Opt out of Sale/Share/Targeted Advertising',
  trainingOptOutTooltip: 'Only workspace admins can change this setting.',
  trainingOptOutLabel: 'Improve the models for everyone',
  trainingOptOutSuccess: 'Workspace training opt out setting successfully updated.',
  emailUpdated: 'Email updated! Please refresh this page to reauthenticate.',
  publicNameSaved: 'Public name updated.',
  optedOutOfUpdates: 'Opted out of updates',
} as const

/** Email change: the code sent to the new address and the revert code sent to the old one. */
export const EMAIL_CHANGE_CODE_TTL_SECONDS = 60 * 60
export const EMAIL_REVERT_CODE_TTL_SECONDS = 7 * 24 * 60 * 60
/** Wrong codes allowed per pending change before it is void and a new code must be asked for. */
export const EMAIL_CHANGE_MAX_ATTEMPTS = 5

/** Public user names: shown on shared voices and links. */
export const PUBLIC_USER_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{2,29}$/
export const PUBLIC_USER_NAME_RULE = '3 to 30 letters, digits, _ or -, starting with a letter or digit.'

/** Terms versions the operator publishes: a short label such as 2026-11. */
export const TERMS_VERSION_PATTERN = /^[A-Za-z0-9._-]{1,40}$/
