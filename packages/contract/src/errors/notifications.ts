// Error codes of notifications.
export const NOTIFICATIONS_ERRORS = {
  notification_not_found: { status: 404, message: 'Notification not found.' },
} as const
