import { isStrongPassword, PLAN_LIMITS } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { newId, newSecret } from '../../lib/ids.js'
import { hashPassword } from '../../lib/password.js'
import type { SiteContext } from '../../plugins/site-address.js'
import { addOneMonth } from '../billing/billing.module.js'
import { checkContinueUrl, sendVerification } from './action-codes.js'
import type { AuthDeps, SignUpInput } from './auth-deps.js'
import { isUniqueViolation } from './auth-deps.js'

/** Sign-up creates user, workspace, subscription and the verification mail together or not at all. */
export async function signUp(
  deps: AuthDeps,
  input: SignUpInput,
  site: SiteContext,
  clientAddress: string | null = null,
): Promise<{ user_id: string; email: string }> {
  const { accounts } = deps
  const now = deps.now ?? (() => new Date())
  if (!isStrongPassword(input.password)) throw new AppError('weak_password', { param: 'password' })
  const continueUrl = checkContinueUrl(input.continue_url, site)
  const email = input.email.trim()
  const attempt = { input, clientAddress }
  await deps.signUpRules?.check(attempt)
  const passwordHash = await hashPassword(input.password)
  const userId = newId()
  try {
    await accounts.transaction(async (trx) => {
      if (await accounts.findUserByEmail(email, trx)) throw new AppError('email_taken', { param: 'email' })
      const workspaceId = newId()
      await accounts.insertAccount(trx, {
        userId,
        workspaceId,
        email,
        firstName: input.first_name?.trim() || null,
        passwordHash,
        publicUserId: newId(32).toLowerCase(),
        authAccountId: newId(28),
        optOutUpdatesKey: newSecret('ou_'),
        agreesToProductUpdates: input.account_metadata?.agrees_to_product_updates ?? false,
        acceptedBipaTerms: input.account_metadata?.accepted_bipa_terms ?? false,
        inviteCode: input.invite_code ?? null,
        locale: input.locale ?? null,
      })
      await deps.billing.insertFreeSubscription(trx, {
        workspaceId,
        characterLimit: PLAN_LIMITS.free.characterLimit,
        nextResetAt: addOneMonth(now()),
      })
      await deps.signUpRules?.record(trx, { ...attempt, userId })
      await deps.onSignUp?.(trx, {
        userId,
        workspaceId,
        email,
        firstName: input.first_name?.trim() || null,
      })
      await sendVerification(
        deps,
        trx,
        site,
        { id: userId, email },
        continueUrl,
        input.lang,
        input.locale ?? null,
      )
    })
  } catch (error) {
    // Two sign-ups racing for one address: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError('email_taken', { param: 'email' })
    throw error
  }
  return { user_id: userId, email }
}
