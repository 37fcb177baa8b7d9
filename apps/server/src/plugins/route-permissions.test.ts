import { FEATURE_PERMISSIONS, type GroupPermission, PRODUCT_PERMISSIONS } from '@timbre/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/helpers/test-app.js'
import type { RouteEntry } from './auth.js'

// Walks the real route table: every route of a product asks for that product's group
// permission, every route that creates or generates something declares a permission unless it
// belongs to a family that is no product, and each feature guard sits on its routes.

/** Path prefixes of each product: every route under one needs the product (or a guard within it). */
const PRODUCT_PATHS: Record<string, GroupPermission> = {
  '/v1/text-to-speech': 'text_to_speech',
  '/v1/text-to-dialogue': 'text_to_speech',
  '/v1/speech-to-speech': 'speech_to_speech',
  '/v1/speech-to-text': 'speech_to_text',
  '/v1/sound-generation': 'sound_effects',
  '/v1/audio-isolation': 'voice_isolator',
  '/v1/text-to-voice': 'voice_lab',
  '/v1/studio': 'projects',
  '/v1/projects': 'projects',
  '/v1/voiceover': 'voiceover_studio',
  '/v1/dubbing': 'dubbing',
  '/v1/audio-native': 'audio_native',
  '/v1/convai': 'conversational_ai',
  '/v1/music': 'music',
}

/** Feature guards that may stand in for their product's permission on its routes. */
const GUARDS_WITHIN: Partial<Record<GroupPermission, GroupPermission[]>> = {
  projects: ['publish_studio_project'],
}

/** Each feature guard and a route it must sit on. */
const GUARDED_ROUTES: Record<(typeof FEATURE_PERMISSIONS)[number], string> = {
  add_voice_from_voice_library: 'POST /v1/voices/add/:public_user_id/:voice_id',
  create_instant_voice_clone: 'POST /v1/voices/add',
  create_professional_voice_clone: 'POST /v1/voices/pvc',
  create_user_api_key: 'POST /v1/user/api-keys',
  publish_studio_project: 'POST /v1/studio/projects/:project_id/publish',
}

/**
 * Route families that create things but are no product: each is guarded by roles or belongs
 * to the caller alone. A new creating route outside them must declare a permission.
 */
const NOT_A_PRODUCT: { prefix: string; why: string }[] = [
  { prefix: '/v1/auth', why: 'signing in and out' },
  { prefix: '/v1/user', why: "the caller's own account (keys are guarded above)" },
  { prefix: '/v1/notifications', why: "the caller's own messages" },
  { prefix: '/v1/onboarding', why: "the caller's own checklist" },
  { prefix: '/v1/workspace', why: 'workspace administration, by role' },
  { prefix: '/v1/service-accounts', why: 'workspace administration, by role' },
  { prefix: '/v1/identity-providers', why: 'workspace administration, by role' },
  { prefix: '/v1/billing', why: 'billing, by billing-admin rights' },
  { prefix: '/v1/productions', why: "orders in the caller's own workspace; producers and reviewers by role" },
  { prefix: '/v1/producer-applicants', why: "the caller's own producer application" },
  { prefix: '/create-', why: 'billing, by billing-admin rights' },
  { prefix: '/change-subscription', why: 'billing, by billing-admin rights' },
  { prefix: '/cancel-', why: 'billing, by billing-admin rights' },
  { prefix: '/renew-subscription', why: 'billing, by billing-admin rights' },
  { prefix: '/apply-discount', why: 'billing, by billing-admin rights' },
  { prefix: '/validate-promocode', why: 'billing, rate-limited' },
  { prefix: '/verify-card', why: 'billing, by billing-admin rights' },
  { prefix: '/set-post-grant-subscription', why: 'billing, by billing-admin rights' },
  { prefix: '/convert-paying-workspace-to-grant', why: 'billing, by billing-admin rights' },
  { prefix: '/v1/history', why: 'downloads and feedback on what was made' },
  { prefix: '/v1/pronunciation-dictionaries', why: 'rules every speech product reads' },
  { prefix: '/v1/similar-voices', why: 'a search' },
  { prefix: '/v1/referrals', why: "the caller's own referral" },
  { prefix: '/v1/affiliates', why: "the caller's own affiliate membership and payouts" },
  { prefix: '/v1/payouts', why: "the caller's own payout account" },
  { prefix: '/v1/impact-program', why: "the caller's own applications; reviews by the partner's reviewer" },
  {
    prefix: '/v1/voices/',
    why: 'editing and organising voices; creating them is guarded above',
  },
]

const CREATING = new Set(['POST', 'PUT', 'PATCH'])
const key = (r: RouteEntry) => `${r.method} ${r.url}`

let t: TestApp
let routes: RouteEntry[]
beforeAll(async () => {
  t = await createTestApp()
  routes = t.app.routeRequirements.filter((r) => r.auth !== 'public' && r.method !== 'HEAD')
})
afterAll(() => t?.close())

describe('the route table and group permissions', () => {
  it('has routes to walk', () => {
    expect(routes.length).toBeGreaterThan(200)
  })

  it('asks every route of a product for that product', () => {
    const wrong = routes.flatMap((r) => {
      const prefix = Object.keys(PRODUCT_PATHS).find((p) => r.url === p || r.url.startsWith(`${p}/`))
      if (!prefix) return []
      const product = PRODUCT_PATHS[prefix] as GroupPermission
      const allowed = [product, ...(GUARDS_WITHIN[product] ?? [])]
      return r.permission && allowed.includes(r.permission) ? [] : [`${key(r)}: ${r.permission ?? 'none'}`]
    })
    expect(wrong).toEqual([])
  })

  it('makes every creating or generating route declare a permission, outside the families that are no product', () => {
    const undeclared = routes
      .filter((r) => CREATING.has(r.method) && !r.permission)
      .filter((r) => !NOT_A_PRODUCT.some((f) => r.url.startsWith(f.prefix)))
      .map(key)
    expect(undeclared).toEqual([])
  })

  it('puts each feature guard on its routes', () => {
    for (const [guard, route] of Object.entries(GUARDED_ROUTES)) {
      const found = routes.find((r) => key(r) === route)
      expect(found, route).toBeDefined()
      expect(found?.permission, route).toBe(guard)
    }
    // Every permission a route declares is one the groups can grant.
    const known = new Set<string>([...PRODUCT_PERMISSIONS, ...FEATURE_PERMISSIONS])
    expect(routes.filter((r) => r.permission && !known.has(r.permission)).map(key)).toEqual([])
  })
})
