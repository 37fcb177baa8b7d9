import { lazy, type ReactNode, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, Route, Routes } from 'react-router'
import { PageSpinner } from './components/spinner'
import { ActionPage } from './features/action/action-page'
import { AuthLayout } from './features/auth/auth-layout'
import { ContinueWithSsoPage } from './features/auth/continue-with-sso-page'
import { ForgotPasswordPage } from './features/auth/forgot-password-page'
import { ResetPasswordPage } from './features/auth/reset-password-page'
import { SignInPage } from './features/auth/sign-in-page'
import { SignUpPage } from './features/auth/sign-up-page'
import { HomePage } from './features/home/home-page'
import { NotFoundBody, NotFoundPage } from './features/pages/not-found-page'
import { PlaceholderPage } from './features/pages/placeholder-page'
import { PrivacyPage } from './features/pages/privacy-page'
import { RedirectPage, RootRedirect } from './features/pages/root-redirect'
import { AppLayout } from './features/shell/app-layout'
import { ProductGuard } from './features/workspace/product-guard'
import { routes } from './routes'

// Pages few visits need load on demand.
const PodcastPage = lazy(() =>
  import('./features/studio/podcast-page').then((m) => ({ default: m.PodcastPage })),
)
const StudioPage = lazy(() =>
  import('./features/studio/studio-page').then((m) => ({ default: m.StudioPage })),
)
const AudioNativePage = lazy(() =>
  import('./features/audio-native/audio-native-page').then((m) => ({ default: m.AudioNativePage })),
)
const ProjectEditorPage = lazy(() =>
  import('./features/studio/project-editor-page').then((m) => ({ default: m.ProjectEditorPage })),
)
const VoiceoverPage = lazy(() =>
  import('./features/voiceover/voiceover-page').then((m) => ({ default: m.VoiceoverPage })),
)
const VoiceoverEditorPage = lazy(() =>
  import('./features/voiceover/voiceover-editor-page').then((m) => ({ default: m.VoiceoverEditorPage })),
)
const ProfilePage = lazy(() =>
  import('./features/account/profile-page').then((m) => ({ default: m.ProfilePage })),
)
const SsoSettingsPage = lazy(() =>
  import('./features/sso/sso-settings-page').then((m) => ({ default: m.SsoSettingsPage })),
)
const VerifiedDomainsPage = lazy(() =>
  import('./features/sso/verified-domains-page').then((m) => ({ default: m.VerifiedDomainsPage })),
)
const AutoProvisioningPage = lazy(() =>
  import('./features/sso/auto-provisioning-page').then((m) => ({ default: m.AutoProvisioningPage })),
)
const ApiKeysPage = lazy(() =>
  import('./features/api-keys/api-keys-page').then((m) => ({ default: m.ApiKeysPage })),
)
const DictionariesPage = lazy(() =>
  import('./features/pronunciation-dictionaries/dictionaries-page').then((m) => ({
    default: m.DictionariesPage,
  })),
)
const DictionaryEditorPage = lazy(() =>
  import('./features/pronunciation-dictionaries/dictionary-editor-page').then((m) => ({
    default: m.DictionaryEditorPage,
  })),
)
const TtsPage = lazy(() => import('./features/tts/tts-page').then((m) => ({ default: m.TtsPage })))
const HistoryPage = lazy(() =>
  import('./features/history/history-page').then((m) => ({ default: m.HistoryPage })),
)
const SurveyPage = lazy(() =>
  import('./features/onboarding/survey-page').then((m) => ({ default: m.SurveyPage })),
)
const NotificationsPage = lazy(() =>
  import('./features/notifications/notifications-page').then((m) => ({ default: m.NotificationsPage })),
)
const SoundEffectPublicPage = lazy(() =>
  import('./features/sound-effects/sound-effect-public-page').then((m) => ({
    default: m.SoundEffectPublicPage,
  })),
)
const VoiceLibraryPage = lazy(() =>
  import('./features/voice-library/voice-library-page').then((m) => ({ default: m.VoiceLibraryPage })),
)
const VoicesPage = lazy(() =>
  import('./features/voices/voices-page').then((m) => ({ default: m.VoicesPage })),
)
const PricingPage = lazy(() =>
  import('./features/billing/pricing-page').then((m) => ({ default: m.PricingPage })),
)
const CheckoutPage = lazy(() =>
  import('./features/billing/checkout-page').then((m) => ({ default: m.CheckoutPage })),
)
const BillingPortalPage = lazy(() =>
  import('./features/billing/portal-page').then((m) => ({ default: m.BillingPortalPage })),
)
const PaymentMethodPage = lazy(() =>
  import('./features/billing/payment-method-page').then((m) => ({ default: m.PaymentMethodPage })),
)
const GrantAcceptancePage = lazy(() =>
  import('./features/billing/grant-page').then((m) => ({ default: m.GrantAcceptancePage })),
)
const SubscriptionPage = lazy(() =>
  import('./features/billing/subscription-page').then((m) => ({ default: m.SubscriptionPage })),
)
const WorkspaceAnalyticsPage = lazy(() =>
  import('./features/workspace-analytics/analytics-page').then((m) => ({
    default: m.WorkspaceAnalyticsPage,
  })),
)
const AuditLogPage = lazy(() =>
  import('./features/workspace-analytics/audit-log-page').then((m) => ({ default: m.AuditLogPage })),
)
const UsagePage = lazy(() => import('./features/usage/usage-page').then((m) => ({ default: m.UsagePage })))
const SoundEffectsPage = lazy(() =>
  import('./features/sound-effects/sound-effects-page').then((m) => ({ default: m.SoundEffectsPage })),
)
const VoiceDesignPage = lazy(() =>
  import('./features/voice-design/voice-design-page').then((m) => ({ default: m.VoiceDesignPage })),
)
const PvcPage = lazy(() => import('./features/voice-pvc/pvc-page').then((m) => ({ default: m.PvcPage })))
const VoiceChangerPage = lazy(() =>
  import('./features/voice-changer/voice-changer-page').then((m) => ({ default: m.VoiceChangerPage })),
)
const VoiceIsolatorPage = lazy(() =>
  import('./features/audio-isolation/voice-isolator-page').then((m) => ({ default: m.VoiceIsolatorPage })),
)
const workspacePage = <K extends string>(name: K) =>
  lazy(() =>
    import('./features/workspace/workspace-pages').then((m) => ({
      default: m.WORKSPACE_PAGES[name as keyof typeof m.WORKSPACE_PAGES],
    })),
  )
const WorkspaceSettingsLayout = workspacePage('layout')
const WorkspaceInvitePage = workspacePage('invite')
// Sections built here; the others are linked from the settings navigation by their paths.
const WORKSPACE_SECTION_PAGES = [
  ['members', workspacePage('members')],
  ['groups', workspacePage('groups')],
  ['secrets', workspacePage('secrets')],
  ['auth-connections', workspacePage('authConnections')],
  ['invites', workspacePage('invites')],
  ['service-accounts', workspacePage('serviceAccounts')],
  ['user-api-keys', workspacePage('userApiKeys')],
  ['webhooks', workspacePage('webhooks')],
] as const
const TwoFactorPage = lazy(() =>
  import('./features/two-factor/two-factor-page').then((m) => ({ default: m.TwoFactorPage })),
)
const WorkspaceSecurityPage = lazy(() =>
  import('./features/two-factor/workspace-security-page').then((m) => ({ default: m.WorkspaceSecurityPage })),
)
const MailboxPage = lazy(() =>
  import('./features/mailbox/mailbox-page').then((m) => ({ default: m.MailboxPage })),
)

function Lazy({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  return <Suspense fallback={<PageSpinner label={t('common.loading')} />}>{children}</Suspense>
}

/** The route tree; every path comes from routes.ts. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<RootRedirect />} />
      <Route element={<AuthLayout />}>
        <Route path={routes.signIn} element={<SignInPage />} />
        <Route path={routes.signUp} element={<SignUpPage />} />
        <Route path={routes.continueWithSso} element={<ContinueWithSsoPage />} />
        <Route path={routes.forgotPassword} element={<ForgotPasswordPage />} />
        <Route path={routes.resetPassword} element={<ResetPasswordPage />} />
      </Route>
      <Route path={routes.action} element={<ActionPage />} />
      <Route
        path={routes.mailbox}
        element={
          <Lazy>
            <MailboxPage />
          </Lazy>
        }
      />
      <Route path={routes.redirect} element={<RedirectPage />} />
      <Route path={routes.privacy} element={<PrivacyPage />} />
      <Route
        path={routes.pricing}
        element={
          <Lazy>
            <PricingPage />
          </Lazy>
        }
      />
      <Route
        path={routes.checkout}
        element={
          <Lazy>
            <CheckoutPage />
          </Lazy>
        }
      />
      <Route
        path={routes.billingPortal}
        element={
          <Lazy>
            <BillingPortalPage />
          </Lazy>
        }
      />
      <Route
        path={routes.billingPaymentMethod}
        element={
          <Lazy>
            <PaymentMethodPage />
          </Lazy>
        }
      />
      <Route
        path={routes.grantAcceptance}
        element={
          <Lazy>
            <GrantAcceptancePage />
          </Lazy>
        }
      />
      <Route
        path={routes.soundEffect}
        element={
          <Lazy>
            <SoundEffectPublicPage />
          </Lazy>
        }
      />
      <Route path="/app" element={<AppLayout />}>
        <Route index element={<RootRedirect />} />
        <Route path={routes.home} element={<HomePage />} />
        <Route
          path={routes.onboarding}
          element={
            <Lazy>
              <SurveyPage />
            </Lazy>
          }
        />
        <Route
          path={routes.subscription}
          element={
            <Lazy>
              <SubscriptionPage />
            </Lazy>
          }
        />
        <Route
          path={routes.notifications}
          element={
            <Lazy>
              <NotificationsPage />
            </Lazy>
          }
        />
        <Route
          path={routes.usage}
          element={
            <Lazy>
              <UsagePage />
            </Lazy>
          }
        />
        <Route
          path={routes.history}
          element={
            <Lazy>
              <HistoryPage />
            </Lazy>
          }
        />
        <Route path={routes.affiliates} element={<PlaceholderPage page="affiliates" />} />
        <Route
          path={routes.audioNative}
          element={
            <Lazy>
              <ProductGuard permission="audio_native">
                <AudioNativePage />
              </ProductGuard>
            </Lazy>
          }
        />
        <Route path={routes.requestAlphaAccess} element={<PlaceholderPage page="requestAlphaAccess" />} />
        <Route
          path={routes.speechSynthesis}
          element={
            <Lazy>
              <ProductGuard permission="text_to_speech">
                <TtsPage />
              </ProductGuard>
            </Lazy>
          }
        />
        <Route
          path={routes.voices}
          element={
            <Lazy>
              <VoicesPage />
            </Lazy>
          }
        />
        <Route
          path={routes.soundEffects}
          element={
            <Lazy>
              <ProductGuard permission="sound_effects">
                <SoundEffectsPage />
              </ProductGuard>
            </Lazy>
          }
        />
        <Route
          path={routes.voiceLibrary}
          element={
            <Lazy>
              <VoiceLibraryPage />
            </Lazy>
          }
        />
        <Route
          path={routes.voiceDesign}
          element={
            <Lazy>
              <VoiceDesignPage />
            </Lazy>
          }
        />
        <Route
          path={routes.voicePvc}
          element={
            <Lazy>
              <PvcPage />
            </Lazy>
          }
        />
        <Route
          path={routes.voiceChanger}
          element={
            <Lazy>
              <VoiceChangerPage />
            </Lazy>
          }
        />
        <Route
          path={routes.voiceIsolator}
          element={
            <Lazy>
              <ProductGuard permission="voice_isolator">
                <VoiceIsolatorPage />
              </ProductGuard>
            </Lazy>
          }
        />
        <Route path={routes.dubs} element={<PlaceholderPage page="dubs" />} />
        <Route path={routes.assistant} element={<PlaceholderPage page="assistant" />} />
        <Route path={routes.convaiDashboard} element={<PlaceholderPage page="convai" />} />
        <Route path={routes.integrationCallback} element={<PlaceholderPage page="integrations" />} />
        <Route
          path={routes.studio}
          element={
            <Lazy>
              <StudioPage />
            </Lazy>
          }
        />
        <Route
          path={routes.voiceover}
          element={
            <Lazy>
              <ProductGuard permission="voiceover_studio">
                <VoiceoverPage />
              </ProductGuard>
            </Lazy>
          }
        />
        <Route
          path={routes.voiceoverProject}
          element={
            <Lazy>
              <ProductGuard permission="voiceover_studio">
                <VoiceoverEditorPage />
              </ProductGuard>
            </Lazy>
          }
        />
        <Route
          path={routes.studioPodcast}
          element={
            <Lazy>
              <PodcastPage />
            </Lazy>
          }
        />
        <Route
          path={routes.studioProject}
          element={
            <Lazy>
              <ProjectEditorPage />
            </Lazy>
          }
        />
        <Route path={routes.voiceLabShare} element={<PlaceholderPage page="voiceLabShare" />} />
        <Route
          path={routes.profile}
          element={
            <Lazy>
              <ProfilePage />
            </Lazy>
          }
        />
        <Route
          path={routes.apiKeys}
          element={
            <Lazy>
              <ApiKeysPage />
            </Lazy>
          }
        />
        <Route
          path={routes.twoFactor}
          element={
            <Lazy>
              <TwoFactorPage />
            </Lazy>
          }
        />
        <Route
          path={routes.dictionaries}
          element={
            <Lazy>
              <DictionariesPage />
            </Lazy>
          }
        />
        <Route
          path={routes.dictionary}
          element={
            <Lazy>
              <DictionaryEditorPage />
            </Lazy>
          }
        />
        <Route
          path={routes.workspaceSettings}
          element={
            <Lazy>
              <WorkspaceSettingsLayout />
            </Lazy>
          }
        >
          <Route index element={<Navigate to={routes.workspaceMembers} replace />} />
          {WORKSPACE_SECTION_PAGES.map(([path, Page]) => (
            <Route
              key={path}
              path={path}
              element={
                <Lazy>
                  <Page />
                </Lazy>
              }
            />
          ))}
          <Route
            path={routes.workspaceAnalytics}
            element={
              <Lazy>
                <WorkspaceAnalyticsPage />
              </Lazy>
            }
          />
          <Route
            path={routes.workspaceAuditLog}
            element={
              <Lazy>
                <AuditLogPage />
              </Lazy>
            }
          />
          <Route
            path={routes.workspaceSecurity}
            element={
              <Lazy>
                <WorkspaceSecurityPage />
              </Lazy>
            }
          />
          <Route
            path={routes.workspaceSso}
            element={
              <Lazy>
                <SsoSettingsPage />
              </Lazy>
            }
          />
          <Route
            path={routes.workspaceDomains}
            element={
              <Lazy>
                <VerifiedDomainsPage />
              </Lazy>
            }
          />
          <Route
            path={routes.workspaceAutoProvisioning}
            element={
              <Lazy>
                <AutoProvisioningPage />
              </Lazy>
            }
          />
          <Route path="*" element={<NotFoundBody />} />
        </Route>
        <Route path="*" element={<NotFoundBody />} />
      </Route>
      <Route path="/workspace" element={<AppLayout />}>
        <Route
          path={routes.workspaceInvite}
          element={
            <Lazy>
              <WorkspaceInvitePage />
            </Lazy>
          }
        />
        <Route path="*" element={<NotFoundBody />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  )
}
