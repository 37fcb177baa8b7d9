// Error codes of onboarding.
export const ONBOARDING_ERRORS = {
  onboarding_step_not_done: {
    status: 409,
    message: 'This onboarding step is not done yet: complete it in the product first.',
  },
  invalid_timezone: { status: 422, message: 'timezone must be an IANA time zone name such as Europe/Paris.' },
} as const
