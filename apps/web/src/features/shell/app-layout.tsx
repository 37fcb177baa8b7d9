import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, Outlet, useLocation } from 'react-router'
import { Button } from '../../components/button'
import { CenteredLayout, MessageCard } from '../../components/centered-layout'
import { PageSpinner } from '../../components/spinner'
import { applyLocale } from '../../i18n/i18n'
import { accountLocale } from '../../i18n/locales'
import { storageKeys, writeKey } from '../../lib/storage'
import { routes, withQuery } from '../../routes'
import { setUserLocale } from '../account/account-api'
import { UnverifiedEmailBanner } from '../auth/unverified-email-banner'
import { useSession } from '../auth/use-session'
import { CcpaOptOutLink, UpdatedTermsDialog } from '../consent/consent-dialogs'
import { OnboardingWatcher } from '../onboarding/onboarding-watcher'
import { PlayerBar } from '../player/player-bar'
import { usePlayerState } from '../player/player-store'
import { ReferralClaim } from '../referrals/referral-capture'
import { TwoFactorGuard } from '../two-factor/two-factor-guard'
import { AppHeader } from './app-header'
import { BottomNav, SideNav } from './app-nav'

/** Applies the account's locale once per signed-in user. */
function useAccountLocale(userId: string | undefined, locale: string | null | undefined) {
  const { i18n } = useTranslation()
  const applied = useRef<string | null>(null)
  useEffect(() => {
    if (!userId || applied.current === userId) return
    applied.current = userId
    // An account without a locale yet takes the one this browser shows.
    if (!locale) {
      setUserLocale(i18n.language).catch((error: unknown) => console.warn('Could not save the locale', error))
      return
    }
    const next = accountLocale(locale)
    if (next && next !== i18n.language) {
      writeKey(storageKeys.locale, next)
      void applyLocale(next)
    }
  }, [userId, locale, i18n])
}

/** Everything under /app: signed-in users only, inside the header and navigation. */
export function AppLayout() {
  const { t } = useTranslation()
  const session = useSession()
  const location = useLocation()
  const { item } = usePlayerState()
  useAccountLocale(session.user?.user_id, session.user?.locale)

  if (session.status === 'loading') return <PageSpinner label={t('common.loading')} />
  if (session.status === 'signedOut') {
    const redirect = location.pathname + location.search
    return <Navigate to={withQuery(routes.signIn, { redirect })} replace />
  }
  if (session.status === 'error') {
    return (
      <CenteredLayout>
        <MessageCard title={t('errors.sessionTitle')} body={t('errors.generic')}>
          <Button onClick={session.retry}>{t('common.tryAgain')}</Button>
        </MessageCard>
      </CenteredLayout>
    )
  }
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <AppHeader user={session.user} />
      {!session.user.is_email_verified && <UnverifiedEmailBanner email={session.user.email} />}
      <OnboardingWatcher enabled={!session.user.is_onboarding_checklist_completed} />
      <ReferralClaim />
      <TwoFactorGuard />
      <UpdatedTermsDialog />
      <div className="flex flex-1">
        <SideNav />
        {/* Room at the bottom for the phone's tab bar and the player bar above it. */}
        <main
          className={`min-w-0 flex-1 px-4 pt-6 sm:px-8 sm:pt-10 ${item ? 'pb-44 lg:pb-28' : 'pb-24 lg:pb-12'}`}
        >
          <div className="mx-auto max-w-5xl">
            <Outlet />
            <div className="mt-12">
              <CcpaOptOutLink />
            </div>
          </div>
        </main>
      </div>
      <PlayerBar />
      <BottomNav />
    </div>
  )
}
