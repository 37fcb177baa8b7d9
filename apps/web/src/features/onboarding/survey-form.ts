import {
  ONBOARDING_FIRST_NAME_MAX,
  ONBOARDING_ROLES,
  ONBOARDING_SOURCES,
  ONBOARDING_SUBROLE_MAX,
  type OnboardingRole,
  type OnboardingSource,
} from '@timbre/contract'
import type { SurveyAnswers } from './onboarding-api'

export { ONBOARDING_ROLES, ONBOARDING_SOURCES }

export type SurveyValues = {
  firstName: string
  role: OnboardingRole | ''
  subrole: string
  timezone: string
  source: OnboardingSource | ''
}

/** The body sent for the answers: trimmed, empty answers left out. */
export function surveyBody(values: SurveyValues): SurveyAnswers {
  const body: SurveyAnswers = {}
  const firstName = values.firstName.trim().slice(0, ONBOARDING_FIRST_NAME_MAX)
  const subrole = values.subrole.trim().slice(0, ONBOARDING_SUBROLE_MAX)
  if (firstName) body.first_name = firstName
  if (values.role) body.role = values.role
  if (subrole) body.subrole = subrole
  if (values.timezone) body.timezone = values.timezone
  if (values.source) body.source = values.source
  return body
}

/** The browser's time zone (an IANA name), or '' when it cannot tell. */
export function detectedTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? ''
  } catch {
    return ''
  }
}

/** Every time zone the browser knows, with `current` first in the list if it is missing. */
export function timeZoneChoices(current: string): string[] {
  const supported =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC']
  return current && !supported.includes(current) ? [current, ...supported] : supported
}
