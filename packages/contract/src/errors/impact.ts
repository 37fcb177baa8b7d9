// Error codes of the impact program.
export const IMPACT_ERRORS = {
  impact_partner_not_found: { status: 404, message: 'This partner is not in the impact program.' },
  impact_application_not_found: { status: 404, message: 'Application not found.' },
  impact_application_open: {
    status: 409,
    message: 'You already have an application with this partner.',
  },
  impact_application_decided: {
    status: 409,
    message: 'This application was already decided and cannot be reviewed again.',
  },
  impact_not_reviewer: { status: 403, message: 'Only the partner reviews its applications.' },
  impact_message_required: { status: 422, message: 'Say what more you need from the applicant.' },
} as const
