// Sign-in and sign-up read email, invite_code and use_sso=true from the query.
import { withQuery } from '../../routes'

export type AuthQuery = { email: string; inviteCode: string | null; useSso: boolean; redirect: string | null }

export function readAuthQuery(query: URLSearchParams): AuthQuery {
  return {
    email: query.get('email')?.trim() ?? '',
    inviteCode: query.get('invite_code') || null,
    useSso: query.get('use_sso') === 'true',
    redirect: query.get('redirect') || null,
  }
}

/** A link to another auth page that keeps the email, the invite code and the redirect. */
export function authLink(path: string, query: Partial<AuthQuery>): string {
  return withQuery(path, { email: query.email, invite_code: query.inviteCode, redirect: query.redirect })
}

// A pragmatic shape check; the server decides what a valid address is.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value)
}

/** Mirrors the server's rule: at least 8 characters with a letter and a digit. */
export function meetsPasswordRule(password: string): boolean {
  return password.length >= 8 && /\p{L}/u.test(password) && /\p{Nd}/u.test(password)
}
