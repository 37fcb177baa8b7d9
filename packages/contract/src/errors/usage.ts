// Error codes of usage statistics.
export const USAGE_ERRORS = {
  invalid_usage_window: { status: 422, message: 'end_unix must be after start_unix.' },
  unsupported_breakdown: { status: 422, message: 'This breakdown_type is not supported.' },
} as const
