import { useTranslation } from 'react-i18next'
import { Button } from './button'
import { Logo } from './logo'

/** The generic crash screen: 'We are sorry, something went wrong.' with a Try again button. */
export function CrashScreen({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation()
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-6 px-4 text-center">
      <Logo />
      <div className="max-w-sm">
        <h1 className="text-xl font-semibold text-neutral-900">{t('errors.crashTitle')}</h1>
        <p className="mt-2 text-sm text-neutral-600">{t('errors.crashBody')}</p>
      </div>
      <Button onClick={onRetry}>{t('common.tryAgain')}</Button>
    </div>
  )
}
