import { randomInt } from 'node:crypto'
import { CONSENT_TEXTS, PUBLIC_USER_NAME_PATTERN } from '@timbre/contract'
import { AppError } from '../../errors.js'
import type { Principal } from '../../plugins/auth.js'
import type { ConsentDeps } from './consent-deps.js'

const ADJECTIVES = [
  'bright',
  'calm',
  'clever',
  'gentle',
  'lively',
  'mellow',
  'quiet',
  'swift',
  'warm',
  'bold',
]
const NOUNS = ['voice', 'echo', 'melody', 'whisper', 'chorus', 'cadence', 'timbre', 'tone', 'rhythm', 'song']
const pick = (list: readonly string[]) => list[randomInt(list.length)] as string

/** A fresh public name suggestion (adjective, noun and four digits); nothing is stored. */
export function generateName() {
  return { name: `${pick(ADJECTIVES)}-${pick(NOUNS)}-${String(randomInt(0, 10_000)).padStart(4, '0')}` }
}

export async function publicUserName(deps: ConsentDeps, principal: Principal) {
  return { public_user_name: await deps.repository.publicName(principal.userId) }
}

/** Sets the name shown on what the user shares; unique whatever the letter case. */
export async function updatePublicUserName(deps: ConsentDeps, principal: Principal, name: string) {
  const trimmed = name.trim()
  if (!PUBLIC_USER_NAME_PATTERN.test(trimmed))
    throw new AppError('public_user_name_invalid', { param: 'public_user_name' })
  if (!(await deps.repository.setPublicName(principal.userId, trimmed, deps.now())))
    throw new AppError('public_user_name_taken', { param: 'public_user_name' })
  return { public_user_name: trimmed, message: CONSENT_TEXTS.publicNameSaved }
}
