import type { EmailTexts } from './email-text-shape.js'

export const enUS: EmailTexts = {
  verification: {
    subject: 'Verify your email for Timbre',
    welcome: 'Welcome to Timbre.',
    instruction: 'Please confirm that this is your email address by opening the link below.',
    button: 'Verify email',
    footer: "If you didn't create a Timbre account, you can ignore this email.",
  },
  passwordReset: {
    subject: 'Reset your Timbre password',
    received: 'We received a request to reset the password of your Timbre account.',
    validity: 'The link is valid for one hour.',
    button: 'Reset password',
    footer: "If you didn't ask to reset your password, you can ignore this email.",
  },
  invite: {
    subject: (workspace) => `Join ${workspace} on Timbre`,
    invited: (inviter, workspace) => `${inviter} invited you to the workspace ${workspace}.`,
    instruction: (code) =>
      `Sign in or create an account with this address to accept the invite. Your invite code is ${code}.`,
    validity: (days) => `The invite is valid for ${days} days.`,
    button: 'Accept invite',
    footer: "If you don't want to join, you can decline the invite after signing in, or ignore this email.",
  },
}
