import { INVITE_TTL_SECONDS, type Locale } from '@timbre/contract'
import { escapeHtml } from '../../lib/html/escape-html.js'
import type { OutgoingEmail } from './mail.repository.js'
import { emailTexts } from './texts/email-texts.js'

// The emails the account flows send, in the recipient's locale. Links open the web app's email-link action handler,
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
  locale: Locale,
  title: string,
  paragraphs: string[],
  button: { label: string; href: string },
  footer: string,
): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('')
  return `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;color:#111;background:#f6f6f7;padding:24px">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}
<p style="margin:24px 0"><a href="${escapeHtml(button.href)}" style="background:#111;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(button.label)}</a></p>
<p style="font-size:12px;color:#666;word-break:break-all">${escapeHtml(button.href)}</p>
<p style="font-size:12px;color:#666">${escapeHtml(footer)}</p></div></body></html>`
}

/** The same message as text and HTML, in one shape for every account email. */
function message(
  to: string,
  locale: Locale,
  content: { subject: string; lines: string[]; button: string; href: string; footer: string },
): OutgoingEmail {
  const { subject, lines, button, href, footer } = content
  return {
    to,
    subject,
    text: `${lines.join('\n\n')}\n\n${href}\n\n${footer}\n`,
    html: layout(locale, subject, lines, { label: button, href }, footer),
  }
}

export function verificationEmail(to: string, link: string, locale: Locale): OutgoingEmail {
  const t = emailTexts(locale).verification
  return message(to, locale, {
    subject: t.subject,
    lines: [t.welcome, t.instruction],
    button: t.button,
    href: link,
    footer: t.footer,
  })
}

export function passwordResetEmail(to: string, link: string, locale: Locale): OutgoingEmail {
  const t = emailTexts(locale).passwordReset
  return message(to, locale, {
    subject: t.subject,
    lines: [t.received, t.validity],
    button: t.button,
    href: link,
    footer: t.footer,
  })
}

/** A workspace invite: the link opens sign-in (or sign-up) with the address and the code. */
export function workspaceInviteEmail(
  to: string,
  invite: { workspaceName: string; invitedBy: string; code: string; origin: string },
  locale: Locale,
): OutgoingEmail {
  const link = new URL('/sign-in', invite.origin)
  link.searchParams.set('email', to)
  link.searchParams.set('invite_code', invite.code)
  const t = emailTexts(locale).invite
  return message(to, locale, {
    subject: t.subject(invite.workspaceName),
    lines: [
      t.invited(invite.invitedBy, invite.workspaceName),
      t.instruction(invite.code),
      t.validity(INVITE_TTL_SECONDS / 86_400),
    ],
    button: t.button,
    href: link.toString(),
    footer: t.footer,
  })
}

export { emailLocale } from './texts/email-texts.js'
