import { Fragment } from 'react'
import { Route, Routes } from 'react-router'
import { Lazy } from './components/lazy-page'
import type { FeatureRoutes } from './feature-routes'
import { accountRoutes } from './features/account/account.routes'
import { actionRoutes } from './features/action/action.routes'
import { agentOpsRoutes } from './features/agent-ops/agent-ops.routes'
import { agentsRoutes } from './features/agents/agents.routes'
import { apiKeysRoutes } from './features/api-keys/api-keys.routes'
import { audioIsolationRoutes } from './features/audio-isolation/audio-isolation.routes'
import { audioNativeRoutes } from './features/audio-native/audio-native.routes'
import { authRoutes } from './features/auth/auth.routes'
import { AuthLayout } from './features/auth/auth-layout'
import { billingRoutes } from './features/billing/billing.routes'
import { consentRoutes } from './features/consent/consent.routes'
import { dubbingRoutes } from './features/dubbing/dubbing.routes'
import { historyRoutes } from './features/history/history.routes'
import { homeRoutes } from './features/home/home.routes'
import { impactRoutes } from './features/impact/impact.routes'
import { knowledgeBaseRoutes } from './features/knowledge-base/knowledge-base.routes'
import { mailboxRoutes } from './features/mailbox/mailbox.routes'
import { musicRoutes } from './features/music/music.routes'
import { notificationsRoutes } from './features/notifications/notifications.routes'
import { onboardingRoutes } from './features/onboarding/onboarding.routes'
import { NotFoundBody, NotFoundPage } from './features/pages/not-found-page'
import { pagesRoutes } from './features/pages/pages.routes'
import { RootRedirect } from './features/pages/root-redirect'
import { productionsRoutes } from './features/productions/productions.routes'
import { pronunciationDictionariesRoutes } from './features/pronunciation-dictionaries/pronunciation-dictionaries.routes'
import { referralsRoutes } from './features/referrals/referrals.routes'
import { AppLayout } from './features/shell/app-layout'
import { soundEffectsRoutes } from './features/sound-effects/sound-effects.routes'
import { speechToTextRoutes } from './features/speech-to-text/speech-to-text.routes'
import { ssoRoutes } from './features/sso/sso.routes'
import { studioRoutes } from './features/studio/studio.routes'
import { ttsRoutes } from './features/tts/tts.routes'
import { twoFactorRoutes } from './features/two-factor/two-factor.routes'
import { usageRoutes } from './features/usage/usage.routes'
import { voiceChangerRoutes } from './features/voice-changer/voice-changer.routes'
import { voiceDesignRoutes } from './features/voice-design/voice-design.routes'
import { voiceLibraryRoutes } from './features/voice-library/voice-library.routes'
import { voicePvcRoutes } from './features/voice-pvc/voice-pvc.routes'
import { voiceoverRoutes } from './features/voiceover/voiceover.routes'
import { voicesRoutes } from './features/voices/voices.routes'
import { WorkspaceSettingsLayout, workspaceRoutes } from './features/workspace/workspace.routes'
import { workspaceAnalyticsRoutes } from './features/workspace-analytics/workspace-analytics.routes'
import { routes } from './routes'

/** Every feature's routes; each declares its own in features/<feature>/<feature>.routes.tsx. */
const FEATURE_ROUTES: Record<string, FeatureRoutes> = {
  auth: authRoutes,
  action: actionRoutes,
  mailbox: mailboxRoutes,
  pages: pagesRoutes,
  referrals: referralsRoutes,
  consent: consentRoutes,
  impact: impactRoutes,
  billing: billingRoutes,
  soundEffects: soundEffectsRoutes,
  music: musicRoutes,
  speechToText: speechToTextRoutes,
  productions: productionsRoutes,
  dubbing: dubbingRoutes,
  home: homeRoutes,
  onboarding: onboardingRoutes,
  notifications: notificationsRoutes,
  usage: usageRoutes,
  history: historyRoutes,
  audioNative: audioNativeRoutes,
  tts: ttsRoutes,
  voices: voicesRoutes,
  voiceLibrary: voiceLibraryRoutes,
  voiceDesign: voiceDesignRoutes,
  voicePvc: voicePvcRoutes,
  voiceChanger: voiceChangerRoutes,
  audioIsolation: audioIsolationRoutes,
  agents: agentsRoutes,
  agentOps: agentOpsRoutes,
  studio: studioRoutes,
  voiceover: voiceoverRoutes,
  account: accountRoutes,
  apiKeys: apiKeysRoutes,
  twoFactor: twoFactorRoutes,
  pronunciationDictionaries: pronunciationDictionariesRoutes,
  workspace: workspaceRoutes,
  workspaceAnalytics: workspaceAnalyticsRoutes,
  sso: ssoRoutes,
  knowledgeBase: knowledgeBaseRoutes,
}

/** The features' routes for one place in the tree. */
function slot(place: keyof FeatureRoutes) {
  return Object.entries(FEATURE_ROUTES).map(([name, feature]) => (
    <Fragment key={name}>{feature[place]}</Fragment>
  ))
}

/** The route tree: the layouts, and in them the routes of every feature; every path comes from routes.ts. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<RootRedirect />} />
      <Route element={<AuthLayout />}>{slot('auth')}</Route>
      {slot('page')}
      <Route path="/app" element={<AppLayout />}>
        <Route index element={<RootRedirect />} />
        {slot('app')}
        <Route
          path={routes.workspaceSettings}
          element={
            <Lazy>
              <WorkspaceSettingsLayout />
            </Lazy>
          }
        >
          {slot('workspaceSettings')}
          <Route path="*" element={<NotFoundBody />} />
        </Route>
        <Route path="*" element={<NotFoundBody />} />
      </Route>
      <Route path="/workspace" element={<AppLayout />}>
        {slot('workspace')}
        <Route path="*" element={<NotFoundBody />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  )
}
