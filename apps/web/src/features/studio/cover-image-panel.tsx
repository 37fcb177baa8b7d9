import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { FileField } from '../../components/file-field'
import { useErrorText } from '../../i18n/use-error-text'
import { removeStudioCover, uploadStudioCover } from './studio-api'

const COVER_TYPES = 'image/jpeg,image/png,image/webp,image/svg+xml,.jpg,.jpeg,.png,.webp,.svg'

/**
 * A project's cover image: shown when there is one, replaced by picking a file, removed with a
 * button. The server checks the file by its content; its refusal (wrong type, too large) is shown.
 */
export function CoverImagePanel({ projectId, coverUrl }: { projectId: string; coverUrl: string | null }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  // A new picker after every upload, so the same file can be picked again.
  const [pickerKey, setPickerKey] = useState(0)
  // The cover is part of what is published: a change shows a published project as a draft.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['studio', 'project', projectId] }),
      queryClient.invalidateQueries({ queryKey: ['studio', 'publishing', projectId] }),
    ])
  const upload = useMutation({
    mutationFn: (file: File) => uploadStudioCover(projectId, file),
    onSuccess: refresh,
    onSettled: () => setPickerKey((k) => k + 1),
  })
  const remove = useMutation({ mutationFn: () => removeStudioCover(projectId), onSuccess: refresh })
  const failure = upload.error ?? remove.error

  return (
    <section
      aria-label={t('studioCover.title')}
      className="space-y-3 rounded-2xl border border-neutral-200 p-4"
    >
      <h2 className="text-sm font-semibold text-neutral-700">{t('studioCover.title')}</h2>
      <div className="space-y-3">
        {coverUrl ? (
          <img
            src={coverUrl}
            alt={t('studioCover.alt')}
            data-testid="studio-cover"
            className="size-32 rounded-xl border border-neutral-200 object-cover"
          />
        ) : (
          <div className="flex size-32 items-center justify-center rounded-xl border border-dashed border-neutral-300 px-2 text-center text-xs text-neutral-500">
            {t('studioCover.none')}
          </div>
        )}
        <div className="space-y-2">
          <FileField
            key={pickerKey}
            label={coverUrl ? t('studioCover.replace') : t('studioCover.upload')}
            hint={t('studioCover.hint')}
            accept={COVER_TYPES}
            onFile={(file) => {
              if (file) upload.mutate(file)
            }}
          />
          {coverUrl && (
            <Button variant="secondary" onClick={() => remove.mutate()} loading={remove.isPending}>
              {t('studioCover.remove')}
            </Button>
          )}
        </div>
      </div>
      {upload.isPending && <p className="text-sm text-neutral-600">{t('studioCover.uploading')}</p>}
      {failure && !upload.isPending && <Alert tone="error">{errorText(failure)}</Alert>}
    </section>
  )
}
