/** Every text of the account emails, in one locale. */
export interface EmailTexts {
  verification: { subject: string; welcome: string; instruction: string; button: string; footer: string }
  passwordReset: { subject: string; received: string; validity: string; button: string; footer: string }
  invite: {
    subject: (workspace: string) => string
    invited: (inviter: string, workspace: string) => string
    instruction: (code: string) => string
    validity: (days: number) => string
    button: string
    footer: string
  }
}
