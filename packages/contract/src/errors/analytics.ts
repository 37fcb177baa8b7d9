// Error codes of usage analytics.
export const ANALYTICS_ERRORS = {
  analytics_range_invalid: {
    status: 422,
    message: 'The time range must run forward and cover from 15 minutes to 2 years, from 2020 on.',
  },
  analytics_bucket_size_invalid: {
    status: 422,
    message: 'This bucket size does not fit the time range.',
  },
  analytics_filter_invalid: { status: 422, message: 'This filter cannot be applied.' },
} as const
