import { PAYOUT_MINIMUM_CENTS } from '../referrals.js'

// Error codes of referrals, affiliates and payouts.
export const REFERRALS_ERRORS = {
  referral_not_found: { status: 404, message: 'This referral link is not valid.' },
  referral_expired: { status: 410, message: 'This referral has expired: referrals last 90 days.' },
  referral_own_link: { status: 422, message: 'You cannot refer yourself.' },
  referral_already_set: { status: 409, message: 'This account already has a referral.' },
  referral_after_sign_up: {
    status: 422,
    message: 'Referrals count only for accounts created after the visit.',
  },
  affiliate_not_joined: { status: 404, message: 'Join the affiliate programme first.' },
  affiliate_already_joined: { status: 409, message: 'You have already joined the affiliate programme.' },
  payout_account_missing: { status: 409, message: 'Set up your payout account first.' },
  payout_account_not_connected: { status: 409, message: 'Finish setting up your payout account first.' },
  payouts_paused: { status: 409, message: 'Payouts are paused on this account.' },
  payout_below_minimum: {
    status: 409,
    message: `Payouts start at $${PAYOUT_MINIMUM_CENTS / 100}.`,
  },
} as const
