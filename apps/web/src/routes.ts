// One map of route names to paths. The route names follow the product; the paths are ours,
// and every link uses this map.
export const routes = {
  signIn: '/sign-in',
  signUp: '/sign-up',
  continueWithSso: '/continue-with-sso',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  action: '/action',
  mailbox: '/mailbox',
  redirect: '/redirect',
  privacy: '/privacy',
  pricing: '/pricing',
  // The built-in payment provider's checkout page (test mode).
  checkout: '/checkout/:sessionId',
  checkoutPurchase: '/checkout/purchase/:purchaseId',
  // Its customer portal, card page and grant acceptance page, at the paths the server's URLs name.
  billingPortal: '/billing/local/portal',
  billingPaymentMethod: '/billing/local/portal/payment-method',
  grantAcceptance: '/billing/grant/:sessionId',
  home: '/app/home',
  onboarding: '/app/onboarding',
  subscription: '/app/subscription',
  usage: '/app/usage',
  history: '/app/history',
  affiliates: '/app/affiliates',
  impactProgram: '/app/impact-program',
  // The old address's link after an email change (no session needed).
  emailRevert: '/email-change/revert',
  audioNative: '/app/audio-native',
  requestAlphaAccess: '/app/request-alpha-access',
  speechSynthesis: '/app/speech-synthesis',
  voices: '/app/voices',
  dubs: '/app/dubs',
  dubsDub: '/app/dubs/:id',
  soundEffects: '/app/sound-effects',
  music: '/app/music',
  voiceIsolator: '/app/voice-isolator',
  agents: '/app/agents',
  agent: '/app/agents/:agentId',
  speechToText: '/app/speech-to-text',
  speechToTextTranscript: '/app/speech-to-text/:id',
  productions: '/app/productions',
  productionsWork: '/app/productions/work',
  productionsReview: '/app/productions/review',
  productionsOrder: '/app/productions/:id',
  knowledgeBase: '/app/agents/knowledge-base',
  agentTests: '/app/agents/tests',
  agentBatchCalls: '/app/agents/batch-calls',
  agentPhoneNumbers: '/app/agents/phone-numbers',
  agentAnalytics: '/app/agents/analytics',
  voiceLibrary: '/app/voice-library',
  voiceDesign: '/app/voice-lab/design',
  voicePvc: '/app/voice-lab/professional',
  voiceChanger: '/app/voice-changer',
  apiKeys: '/app/settings/api-keys',
  profile: '/app/settings/profile',
  // Workspace settings: single sign-on, verified domains, auto provisioning.
  workspaceSso: '/app/workspace/settings/sso',
  workspaceDomains: '/app/workspace/settings/verified-domains',
  workspaceAutoProvisioning: '/app/workspace/settings/auto-provisioning',
  // Workspace Settings: usage analytics and the audit log (admins).
  workspaceAnalytics: '/app/workspace/settings/analytics',
  workspaceAuditLog: '/app/workspace/settings/audit-log',
  twoFactor: '/app/settings/two-factor',
  // Workspace Settings, Security and SSO: the two-factor requirement and the session timeout.
  workspaceSecurity: '/app/workspace/settings/security-and-sso',
  notifications: '/app/notifications',
  dictionaries: '/app/pronunciation-dictionaries',
  dictionary: '/app/pronunciation-dictionaries/:id',
  // Targets of the post-login redirect: the assistant page and the convai dashboard.
  assistant: '/app/assistant',
  convaiDashboard: '/app/conversational-ai',
  // The third-party integration callback; it keeps its query parameters.
  integrationCallback: '/app/integrations/callback',
  studio: '/app/studio',
  studioPodcast: '/app/studio/create-podcast',
  studioProject: '/app/studio/:id',
  voiceover: '/app/voiceover',
  voiceoverProject: '/app/voiceover/:id',
  soundEffect: '/sound-effects/:slug',
  voiceLabShare: '/app/voice-lab/share/:a/:b',
  // Workspace Settings (its sections live in features/workspace/settings-sections.ts) and the
  // page a mailed invite leads to after sign-in.
  workspaceSettings: '/app/workspace/settings',
  workspaceMembers: '/app/workspace/settings/members',
  workspaceInvite: '/workspace/invites/:code',
} as const

export type RouteName = keyof typeof routes

/** Fills `:param` segments; values are URI-encoded so a value can never add a segment. */
export function pathTo(name: RouteName, params: Record<string, string> = {}): string {
  return routes[name].replace(/:([a-zA-Z]+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''))
}

/** A path plus a query string, dropping empty values. */
export function withQuery(path: string, query: Record<string, string | null | undefined>): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && value !== '') search.set(key, value)
  }
  const text = search.toString()
  return text ? `${path}?${text}` : path
}
