import { INVITE_TTL_SECONDS } from '@timbre/contract'
import { escapeHtml } from '../../lib/html/escape-html.js'
import type { OutgoingEmail } from './mail.repository.js'

// The emails the account flows send. Links open the web app's email-link action handler,
// which reads mode, oobCode, continueUrl and lang from the query.

export function actionLink(
  publicUrl: string,
  params: { mode: string; oobCode: string; continueUrl?: string | undefined; lang?: string | undefined },
): string {
  const url = new URL('/action', publicUrl)
  url.searchParams.set('mode', params.mode)
  url.searchParams.set('oobCode', params.oobCode)
  if (params.continueUrl) url.searchParams.set('continueUrl', params.continueUrl)
  url.searchParams.set('lang', params.lang ?? 'en')
  return url.toString()
}

function layout(
  title: string,
  paragraphs: string[],
  button: { label: string; href: string },
  footer: string,
): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('')
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;background:#f6f6f7;padding:24px">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}
<p style="margin:24px 0"><a href="${escapeHtml(button.href)}" style="background:#111;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(button.label)}</a></p>
<p style="font-size:12px;color:#666;word-break:break-all">${escapeHtml(button.href)}</p>
<p style="font-size:12px;color:#666">${escapeHtml(footer)}</p></div></body></html>`
}

export function verificationEmail(to: string, link: string): OutgoingEmail {
  const title = 'Verify your email for Timbre'
  const lines = [
    'Welcome to Timbre.',
    'Please confirm that this is your email address by opening the link below.',
  ]
  const footer = "If you didn't create a Timbre account, you can ignore this email."
  return {
    to,
    subject: title,
    text: `${lines.join('\n\n')}\n\n${link}\n\n${footer}\n`,
    html: layout(title, lines, { label: 'Verify email', href: link }, footer),
  }
}

export function passwordResetEmail(to: string, link: string): OutgoingEmail {
  const title = 'Reset your Timbre password'
  const lines = [
    'We received a request to reset the password of your Timbre account.',
    'The link is valid for one hour.',
  ]
  const footer = "If you didn't ask to reset your password, you can ignore this email."
  return {
    to,
    subject: title,
    text: `${lines.join('\n\n')}\n\n${link}\n\n${footer}\n`,
    html: layout(title, lines, { label: 'Reset password', href: link }, footer),
  }
}

/** A workspace invite: the link opens sign-in (or sign-up) with the address and the code. */
export function workspaceInviteEmail(
  to: string,
  invite: { workspaceName: string; invitedBy: string; code: string; origin: string },
): OutgoingEmail {
  const link = new URL('/sign-in', invite.origin)
  link.searchParams.set('email', to)
  link.searchParams.set('invite_code', invite.code)
  const title = `Join ${invite.workspaceName} on Timbre`
  const lines = [
    `${invite.invitedBy} invited you to the workspace ${invite.workspaceName}.`,
    `Sign in or create an account with this address to accept the invite. Your invite code is ${invite.code}.`,
    `The invite is valid for ${INVITE_TTL_SECONDS / 86_400} days.`,
  ]
  const footer =
    "If you don't want to join, you can decline the invite after signing in, or ignore this email."
  return {
    to,
    subject: title,
    text: `${lines.join('\n\n')}\n\n${link.toString()}\n\n${footer}\n`,
    html: layout(title, lines, { label: 'Accept invite', href: link.toString() }, footer),
  }
}
