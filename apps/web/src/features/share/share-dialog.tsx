import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { Icon } from '../../components/icon'
import { SheetDialog } from '../../components/sheet-dialog'
import { Spinner } from '../../components/spinner'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import { getShareLink } from '../history/history-api'
import { getSongShareLink } from '../music/music-api'
import { truncateLink } from './share-link'

/** The public link of a history item or a song, with a copy button (a bottom sheet on a phone). */
export function ShareDialog({
  historyItemId,
  songId,
  open,
  onOpenChange,
}: {
  historyItemId?: string | null
  songId?: string | null
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { t } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const link = useQuery({
    queryKey: ['share-link', historyItemId ?? null, songId ?? null],
    queryFn: () => (historyItemId ? getShareLink(historyItemId) : getSongShareLink(songId ?? '')),
    enabled: open,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
  const url = link.data?.share_link ?? null

  const copy = async () => {
    if (!url) return
    try {
      await navigator.clipboard.writeText(url)
      toast({ title: t('share.copied'), tone: 'success' })
    } catch {
      toast({ title: t('share.copyFailed'), tone: 'error' })
    }
  }

  return (
    <SheetDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('share.title')}
      description={t('share.body')}
    >
      {link.isError && (
        <Alert tone="error" className="mb-3">
          {errorText(link.error)}
        </Alert>
      )}
      <div className="flex items-center gap-2 rounded-xl border border-neutral-200 bg-neutral-50 p-1.5 pl-3">
        <Icon name="share" className="size-4 shrink-0 text-neutral-400" />
        <span
          className={`min-w-0 flex-1 truncate font-mono text-sm ${url ? 'text-neutral-800' : 'text-neutral-400'}`}
          title={url ?? undefined}
          data-testid="share-link"
        >
          {link.isPending ? (
            <Spinner className="size-4" label={t('common.loading')} />
          ) : url ? (
            truncateLink(url)
          ) : (
            t('share.placeholder')
          )}
        </span>
        <Button onClick={() => void copy()} disabled={!url} className="min-h-9 px-3">
          <Icon name="copy" className="size-4" />
          {t('share.copy')}
        </Button>
      </div>
      {link.data?.public_user_name && (
        <p className="mt-3 text-xs text-neutral-500">
          {t('share.sharedAs', { name: link.data.public_user_name })}
        </p>
      )}
    </SheetDialog>
  )
}
