import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { ApiError } from '../../lib/api-error'
import { readKey, writeKey } from '../../lib/storage'
import { claimReferral, recordGoogleAdsVisit, recordReferralVisit } from './referrals-api'

// A referral belongs to the browser until an account takes it: a visit with ?from=<code> is
// recorded and the referral the server answers (its id and expiry) is kept here, through
// sign-up, the verification email and the first sign-in, where the new account claims it.
// Not an `xi:` key: signing out of another account must not drop it.
export const REFERRAL_KEY = 'timbre:referral'
const UTM = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content']

interface StoredReferral {
  value: string
  expiresTimestamp: number
}

export function storedReferral(now = Date.now()): StoredReferral | null {
  try {
    const parsed = JSON.parse(readKey(REFERRAL_KEY) ?? 'null') as StoredReferral | null
    if (parsed && typeof parsed.value === 'string' && parsed.expiresTimestamp > now) return parsed
  } catch {
    // A damaged value is dropped below.
  }
  writeKey(REFERRAL_KEY, null)
  return null
}

// Each arrival is counted once per page load, however often the effect runs.
const recorded = new Set<string>()

async function recordArrival(params: URLSearchParams): Promise<void> {
  const from = params.get('from')
  const gclid = params.get('gclid')
  if (gclid && !recorded.has(`gclid:${gclid}`)) {
    recorded.add(`gclid:${gclid}`)
    // An ad's visit belongs to the ad: the referral kept so far is dropped.
    writeKey(REFERRAL_KEY, null)
    const utm = Object.fromEntries(UTM.flatMap((k) => (params.get(k) ? [[k, params.get(k) as string]] : [])))
    await recordGoogleAdsVisit({ event_type: 'landing', gclid, ...utm }).catch(() => undefined)
  }
  if (!from || recorded.has(`from:${from}`)) return
  recorded.add(`from:${from}`)
  const partner = params.get('ps_partner_key')
  const answer = await recordReferralVisit({
    from,
    ...(gclid ? { gclid } : {}),
    ...(partner ? { ps_partner_key: partner } : {}),
  }).catch(() => null)
  if (answer?.stored && answer.referral) writeKey(REFERRAL_KEY, JSON.stringify(answer.referral))
}

/** Records a visit that arrives with ?from= (or an ad's gclid) on any page. */
export function ReferralCapture() {
  const { search } = useLocation()
  useEffect(() => {
    if (search) void recordArrival(new URLSearchParams(search))
  }, [search])
  return null
}

/** In the signed-in app: the account takes the referral this browser kept, once. */
export function ReferralClaim() {
  const queryClient = useQueryClient()
  useEffect(() => {
    const referral = storedReferral()
    if (!referral) return
    claimReferral(referral.value)
      .then(() => {
        writeKey(REFERRAL_KEY, null)
        void queryClient.invalidateQueries({ queryKey: ['affiliates'] })
      })
      .catch((error: unknown) => {
        // Refused for good (expired, own link, an older account, already referred): forget it.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500)
          writeKey(REFERRAL_KEY, null)
      })
  }, [queryClient])
  return null
}
