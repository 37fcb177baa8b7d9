import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { Icon } from '../../components/icon'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import { formatSize } from '../../lib/format-size'
import { AddDocument } from './add-document'
import { DocumentView } from './document-view'
import { IndexState } from './index-state'
import type { KbItem } from './knowledge-base-api'
import { useDeleteDocument, useFolder } from './knowledge-base-queries'

/**
 * The knowledge base of the workspace's agents: documents made from web pages, files and text,
 * kept in folders; each opens to show its text and the state of its retrieval index.
 */
export function KnowledgeBasePage() {
  const { t, i18n } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const [path, setPath] = useState<{ id: string; name: string }[]>([])
  const [openId, setOpenId] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<KbItem | null>(null)
  const folderId = path.at(-1)?.id ?? null
  const folder = useFolder(folderId)
  const remove = useDeleteDocument()

  const open = (item: KbItem) => {
    if (item.type === 'folder') {
      setPath([...path, { id: item.id, name: item.name }])
      setOpenId(null)
    } else setOpenId(item.id)
  }

  const confirmDelete = () => {
    if (!deleting) return
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: t('knowledgeBase.deleted', { name: deleting.name }) })
        if (openId === deleting.id) setOpenId(null)
        setDeleting(null)
      },
    })
  }

  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t('knowledgeBase.title')}</h1>
      <p className="mt-1 text-sm text-neutral-600">{t('knowledgeBase.subtitle')}</p>

      <AddDocument folderId={folderId} />

      <nav aria-label={t('knowledgeBase.folders')} className="mt-8 flex flex-wrap items-center gap-1 text-sm">
        <button
          type="button"
          className="rounded px-1 font-medium text-accent-700 hover:underline"
          onClick={() => setPath([])}
        >
          {t('knowledgeBase.allDocuments')}
        </button>
        {path.map((segment, i) => (
          <span key={segment.id} className="flex items-center gap-1">
            <span aria-hidden="true" className="text-neutral-400">
              /
            </span>
            <button
              type="button"
              className="rounded px-1 font-medium text-accent-700 hover:underline"
              aria-current={i === path.length - 1 ? 'page' : undefined}
              onClick={() => setPath(path.slice(0, i + 1))}
            >
              {segment.name}
            </button>
          </span>
        ))}
      </nav>

      {folder.isError && (
        <Alert tone="error" className="mt-3">
          {errorText(folder.error)}
        </Alert>
      )}
      {folder.data && folder.data.length === 0 && (
        <p className="mt-3 text-sm text-neutral-600">{t('knowledgeBase.empty')}</p>
      )}
      <ul className="mt-3 divide-y divide-neutral-200 rounded-2xl border border-neutral-200 bg-white">
        {folder.data?.map((item) => (
          <li key={item.id} className="flex items-center gap-3 px-4 py-3">
            <Icon
              name={item.type === 'folder' ? 'book' : 'dialogue'}
              className="size-5 shrink-0 text-neutral-500"
            />
            <button
              type="button"
              onClick={() => open(item)}
              className="min-w-0 flex-1 text-left focus-visible:outline-2 focus-visible:outline-accent-600"
            >
              <span className="block truncate text-sm font-medium text-neutral-900">{item.name}</span>
              <span className="block text-xs text-neutral-500 tabular-nums">
                {item.type === 'folder'
                  ? t('knowledgeBase.folderMeta', { count: item.document_count ?? 0 })
                  : `${t(`knowledgeBase.types.${item.type}`)} · ${formatSize(item.metadata.size_bytes, i18n.language)}`}
                {item.dependent_agents.length > 0 &&
                  ` · ${t('knowledgeBase.usedBy', { count: item.dependent_agents.length })}`}
              </span>
            </button>
            {item.index_state && <IndexState state={item.index_state} />}
            <button
              type="button"
              onClick={() => {
                remove.reset()
                setDeleting(item)
              }}
              aria-label={t('knowledgeBase.delete', { name: item.name })}
              className="grid size-9 shrink-0 place-items-center rounded-lg text-neutral-500 hover:bg-neutral-100 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-accent-600"
            >
              <Icon name="trash" className="size-4" />
            </button>
          </li>
        ))}
      </ul>

      {openId && <DocumentView id={openId} onClose={() => setOpenId(null)} />}

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => !next && setDeleting(null)}
        title={t('knowledgeBase.deleteTitle', { name: deleting?.name ?? '' })}
        description={
          deleting?.type === 'folder' ? t('knowledgeBase.deleteFolderText') : t('knowledgeBase.deleteText')
        }
        confirmLabel={t('knowledgeBase.deleteConfirm')}
        tone="danger"
        busy={remove.isPending}
        error={remove.isError ? errorText(remove.error) : null}
        onConfirm={confirmDelete}
      />
    </div>
  )
}
