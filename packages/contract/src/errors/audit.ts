// Error codes of the audit log.
export const AUDIT_ERRORS = {
  audit_cursor_invalid: { status: 422, message: 'The cursor is not one this audit log returned.' },
} as const
