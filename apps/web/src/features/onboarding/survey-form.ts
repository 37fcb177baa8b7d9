import {
  ONBOARDING_FIRST_NAME_MAX,
  ONBOARDING_ROLES,
  ONBOARDING_SOURCES,
  ONBOARDING_SUBROLE_MAX,
  type OnboardingRole,
  type OnboardingSource,
} from '@timbre/contract'
import type { SurveyAnswers, SurveyState } from './onboarding-api'

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

/** The form's starting values: earlier answers when there are any, else the account's name and this browser's zone. */
export function initialSurveyValues(
  stored: SurveyState['onboarding_survey'],
  accountFirstName: string | null | undefined,
  browserZone: string,
): SurveyValues {
  const known = <T extends string>(list: readonly T[], value: string | null | undefined): T | '' =>
    list.includes(value as T) ? (value as T) : ''
  return {
    firstName: stored?.first_name ?? accountFirstName ?? '',
    role: known(ONBOARDING_ROLES, stored?.role),
    subrole: stored?.subrole ?? '',
    timezone: stored?.timezone ?? browserZone,
    source: known(ONBOARDING_SOURCES, stored?.source),
  }
}
