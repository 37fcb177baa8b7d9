import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'

/** The backup codes, shown this once: the server keeps only their digests. */
export function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation()
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'))
      setCopied(true)
    } catch {
      setCopied(false)
    }
  }
  return (
    <section className="space-y-4 rounded-2xl border border-neutral-200 p-5 sm:p-6">
      <div>
        <h2 className="font-medium text-neutral-900">{t('twoFactor.backup.title')}</h2>
        <p className="mt-1 text-sm text-neutral-600">{t('twoFactor.backup.body')}</p>
      </div>
      <Alert tone="warning">{t('twoFactor.backup.once')}</Alert>
      <ul
        className="grid grid-cols-2 gap-2 rounded-lg bg-neutral-100 p-4 font-mono text-sm text-neutral-900 sm:grid-cols-5"
        data-testid="backup-codes"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? t('twoFactor.backup.copied') : t('twoFactor.backup.copy')}
        </Button>
        <Button onClick={onDone}>{t('twoFactor.backup.done')}</Button>
      </div>
    </section>
  )
}
