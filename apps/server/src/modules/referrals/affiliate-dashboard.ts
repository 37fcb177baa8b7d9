import { AFFILIATE_CHART_DAYS, REFERRAL_COMMISSION_PERCENT } from '@timbre/contract'
import { AppError } from '../../errors.js'
import type { Principal } from '../../plugins/auth.js'
import { payoutView } from './payouts.js'
import { referralLink } from './referral-visits.js'
import type { ReferralsDeps } from './referrals-deps.js'
import { collectRewards } from './rewards.js'

const DAY_MS = 86_400_000

/** Clicks, sign-ups, conversions and commission per day for the last 30 days (oldest first). */
function dailySeries(events: Awaited<ReturnType<ReferralsDeps['referrals']['events']>>, end: Date) {
  const days = Array.from({ length: AFFILIATE_CHART_DAYS }, (_, i) => {
    const date = new Date(end.getTime() - (AFFILIATE_CHART_DAYS - 1 - i) * DAY_MS).toISOString().slice(0, 10)
    return { date, clicks: 0, sign_ups: 0, conversions: 0, commission_cents: 0 }
  })
  const byDate = new Map(days.map((d) => [d.date, d]))
  const dayOf = (at: Date) => byDate.get(at.toISOString().slice(0, 10))
  for (const v of events.visits) {
    const d = dayOf(v.at)
    if (d) d.clicks += 1
  }
  for (const s of events.signUps) {
    const d = dayOf(s.at)
    if (d) d.sign_ups += 1
  }
  for (const r of events.rewards) {
    const d = dayOf(r.at)
    if (d) {
      d.conversions += 1
      d.commission_cents += r.amount_cents
    }
  }
  return days
}

/** The affiliates page: membership, link and code, totals, the charts and payouts. */
export async function affiliateDashboard(deps: ReferralsDeps, principal: Principal, origin: string) {
  await collectRewards(deps, principal.userId)
  const now = deps.now()
  const [affiliate, link, totals, events, payouts] = await Promise.all([
    deps.affiliates.affiliate(principal.userId),
    referralLink(deps, principal, origin),
    deps.referrals.totals(principal.userId),
    deps.referrals.events(principal.userId, new Date(now.getTime() - AFFILIATE_CHART_DAYS * DAY_MS)),
    payoutView(deps, principal),
  ])
  return {
    joined: affiliate !== undefined,
    affiliate: affiliate
      ? {
          website: affiliate.website,
          audience: affiliate.audience,
          joined_at_unix: unix(affiliate.joined_at),
        }
      : null,
    referral_link: link.referral_link,
    code: link.code,
    totals: {
      clicks: totals.clicks,
      sign_ups: totals.signUps,
      conversions: totals.conversions,
      commission_cents: totals.commissionCents,
    },
    series: dailySeries(events, now),
    commission_percent: REFERRAL_COMMISSION_PERCENT,
    ...payouts,
  }
}

/** Joining the affiliate programme: where the link will be shared and to whom. */
export async function joinAffiliates(
  deps: ReferralsDeps,
  principal: Principal,
  form: { website: string; audience: string },
  origin: string,
) {
  const joined = await deps.affiliates.join({
    user_id: principal.userId,
    website: form.website.trim(),
    audience: form.audience.trim(),
    joined_at: deps.now(),
  })
  if (!joined) throw new AppError('affiliate_already_joined')
  return affiliateDashboard(deps, principal, origin)
}

const unix = (at: Date) => Math.floor(at.getTime() / 1000)
