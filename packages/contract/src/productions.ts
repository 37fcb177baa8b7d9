// The Productions marketplace: human-edited transcripts, subtitles, captions and dubs. Our
// prices, turnaround, deadlines and the producers' share, written down once for server and web.

/** What a customer can order. Captions include SDH; subtitles are translated into target languages. */
export const PRODUCTION_KINDS = ['transcription', 'captions', 'subtitles', 'dub'] as const
export type ProductionKind = (typeof PRODUCTION_KINDS)[number]

/**
 * Price per charged minute in US cents, by kind (the spec's "from $2.20, $3.30, $9.90, $22").
 * Subtitles and dubs are priced per target language.
 */
export const PRODUCTION_PRICE_PER_MINUTE_CENTS: Record<ProductionKind, number> = {
  transcription: 220,
  captions: 330,
  subtitles: 990,
  dub: 2200,
}

/** Verbatim and SDH each add this share of the price (SDH is already included for captions). */
export const PRODUCTION_MODE_SURCHARGE_PERCENT = 30
/** Below this, a production is charged as this many minutes. */
export const PRODUCTION_MIN_BILLABLE_MINUTES = 5
/** The turnaround a quote promises. */
export const PRODUCTION_ESTIMATED_HOURS = 48
/** Our launch discount: this share off every quote made before `until`. */
export const PRODUCTION_LAUNCH_DISCOUNT = { percent: 10, until: '2027-03-01T00:00:00Z' } as const
/** Paying with credits: what one US dollar of a quote costs in credits (1 credit = 0.1 cent). */
export const PRODUCTION_CREDITS_PER_USD = 1000
/** An order not paid within this many hours of being placed is cancelled. */
export const PRODUCTION_PAYMENT_WINDOW_HOURS = 24
/** At most this many target languages in one subtitle or dub order. */
export const PRODUCTION_MAX_TARGET_LANGUAGES = 10
/** Longest media a production accepts, in seconds (10 hours). */
export const PRODUCTION_MAX_MEDIA_SECONDS = 36_000
/** Custom names and instructions are at most this long. */
export const PRODUCTION_NAME_MAX = 120
export const PRODUCTION_INSTRUCTIONS_MAX = 2000
export const PRODUCTION_MAX_SPEAKERS = 32

/** A producer works on one production at a time. */
export const PRODUCER_ACTIVE_TASKS_MAX = 1
/** A claim must be submitted within this many hours. */
export const PRODUCER_CLAIM_HOURS = 24
/** Below this many minutes left, a claimed task is nearly overdue. */
export const PRODUCER_NEARLY_OVERDUE_MINUTES = 15
/** Extending a deadline adds this many hours, at most `PRODUCER_MAX_EXTENSIONS` times per claim. */
export const PRODUCER_EXTENSION_HOURS = 12
export const PRODUCER_MAX_EXTENSIONS = 1
/** A producer earns this share of the task's total, also when the review rejects the work. */
export const PRODUCER_SHARE_PERCENT = 50
/** Reviewer comments are at most this long. */
export const PRODUCTION_FEEDBACK_MAX = 4000
/** Customer feedback: a rating of 1 to 5 stars and a comment. */
export const PRODUCTION_RATING_MAX = 5

/** Applicant uploads: an introduction video and a CV, checked by their bytes. */
export const PRODUCER_VIDEO_MAX_BYTES = 200 * 1024 * 1024
export const PRODUCER_CV_MAX_BYTES = 10 * 1024 * 1024
export const PRODUCER_CONTEXT_MAX = 4000

/** The qualifications a producer applies for and is granted: a kind of work in a language. */
export const PRODUCER_QUALIFICATION_BASES = PRODUCTION_KINDS

/** An order as the customer follows it. */
export const PRODUCTION_ORDER_STATUSES = [
  'open',
  'payment_pending',
  'cancelled',
  'in_progress',
  'human_review',
  'complete',
] as const
export type ProductionOrderStatus = (typeof PRODUCTION_ORDER_STATUSES)[number]

/** A task as producers and reviewers see it. */
export const PRODUCTION_TASK_STATES = [
  'payment_pending',
  'unclaimed',
  'claimed',
  'submitted',
  'complete',
  'cancelled',
] as const
export type ProductionTaskState = (typeof PRODUCTION_TASK_STATES)[number]

/** One producer's claim of a task. */
export const PRODUCTION_CLAIM_STATES = ['claimed', 'submitted', 'approved', 'rejected', 'revoked'] as const
export type ProductionClaimState = (typeof PRODUCTION_CLAIM_STATES)[number]

/** The history a task keeps. */
export const PRODUCTION_TASK_EVENTS = [
  'ordered',
  'payment_processed',
  'cancelled',
  'claimed',
  'saved',
  'submitted for review',
  'approved',
  'rejected',
  'revoked',
  'deadline extended',
  'complete',
  'feedback acknowledged',
  'priority changed',
] as const

export const PRODUCER_APPLICANT_STATUSES = ['pending', 'approved', 'rejected'] as const

export interface ProductionQuoteInput {
  kind: ProductionKind
  durationSeconds: number
  targetLanguages: number
  verbatim: boolean
  sdh: boolean
  at: Date
}

export interface ProductionQuote {
  charged_duration_seconds: number
  cost_per_minute_cents: number
  subtotal_cents: number
  discount_cents: number
  total_cents: number
  credits: number
  estimated_hours: number
}

/** The one pricing rule: charged minutes (whole, at least the minimum) times the price per minute. */
export function productionQuote(input: ProductionQuoteInput): ProductionQuote {
  const minutes = Math.max(PRODUCTION_MIN_BILLABLE_MINUTES, Math.ceil(input.durationSeconds / 60))
  const base = PRODUCTION_PRICE_PER_MINUTE_CENTS[input.kind]
  const sdhCharged = input.sdh && input.kind !== 'captions'
  const modes = (input.verbatim ? 1 : 0) + (sdhCharged ? 1 : 0)
  const perMinute = Math.round(base * (1 + (modes * PRODUCTION_MODE_SURCHARGE_PERCENT) / 100))
  const languages =
    input.kind === 'subtitles' || input.kind === 'dub' ? Math.max(1, input.targetLanguages) : 1
  const subtotal = perMinute * minutes * languages
  const discounted = input.at.getTime() < Date.parse(PRODUCTION_LAUNCH_DISCOUNT.until)
  const discount = discounted ? Math.round((subtotal * PRODUCTION_LAUNCH_DISCOUNT.percent) / 100) : 0
  const total = subtotal - discount
  return {
    charged_duration_seconds: minutes * 60,
    cost_per_minute_cents: perMinute,
    subtotal_cents: subtotal,
    discount_cents: discount,
    total_cents: total,
    credits: Math.ceil((total * PRODUCTION_CREDITS_PER_USD) / 100),
    estimated_hours: PRODUCTION_ESTIMATED_HOURS,
  }
}

/** What the producer earns for a task of this total, approved or rejected alike. */
export function producerEarnings(totalCents: number): number {
  return Math.floor((totalCents * PRODUCER_SHARE_PERCENT) / 100)
}

/** Nearly overdue: a live claim with less than the warning time left. */
export function nearlyOverdue(deadline: Date, now: Date): boolean {
  const left = deadline.getTime() - now.getTime()
  return left > 0 && left < PRODUCER_NEARLY_OVERDUE_MINUTES * 60_000
}

/**
 * Runs a file order's machine transcript gets (a killed run counts) before it is left failed,
 * the reason in the task's events; our choice, the spec is silent.
 */
export const PRODUCTION_MACHINE_TRANSCRIPT_ATTEMPTS = 3
