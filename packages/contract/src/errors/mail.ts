// Error codes of the local mailbox.
export const MAIL_ERRORS = {
  mailbox_unavailable: {
    status: 404,
    message: 'The local mailbox is only available when no SMTP server is configured.',
  },
} as const
