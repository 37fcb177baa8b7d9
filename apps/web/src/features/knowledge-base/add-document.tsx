import { KB_FILE_MAX_BYTES } from '@timbre/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/button'
import { FileDrop } from '../../components/file-drop'
import { Segmented } from '../../components/segmented'
import { TextField } from '../../components/text-field'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import { addFile, addFolder, addText, addUrl } from './knowledge-base-api'
import { useRefreshKnowledgeBase } from './knowledge-base-queries'

type Source = 'url' | 'file' | 'text' | 'folder'

/** Adds a document from a web page, a file or typed text, or a folder, to the open folder. */
export function AddDocument({ folderId }: { folderId: string | null }) {
  const { t } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const refresh = useRefreshKnowledgeBase()
  const [source, setSource] = useState<Source>('url')
  const [url, setUrl] = useState('')
  const [file, setFile] = useState<File | null>(null)
  const [name, setName] = useState('')
  const [text, setText] = useState('')
  const [pending, setPending] = useState(false)
  const ready =
    (source === 'url' && url.trim() !== '') ||
    (source === 'file' && file !== null) ||
    (source === 'text' && name.trim() !== '' && text.trim() !== '') ||
    (source === 'folder' && name.trim() !== '')

  const add = async () => {
    if (!ready) return
    setPending(true)
    try {
      const added =
        source === 'url'
          ? await addUrl(url.trim(), folderId)
          : source === 'file' && file
            ? await addFile(file, folderId)
            : source === 'text'
              ? await addText(name.trim(), text, folderId)
              : await addFolder(name.trim(), folderId)
      toast({ title: t('knowledgeBase.added', { name: added.name }) })
      setUrl('')
      setFile(null)
      setName('')
      setText('')
      await refresh()
    } catch (error) {
      toast({ title: errorText(error), tone: 'error' })
    } finally {
      setPending(false)
    }
  }

  return (
    <section className="mt-6 rounded-2xl border border-neutral-200 bg-white p-4 shadow-xs sm:p-5">
      <Segmented
        label={t('knowledgeBase.addFrom')}
        value={source}
        onChange={setSource}
        options={[
          { value: 'url', label: t('knowledgeBase.sources.url') },
          { value: 'file', label: t('knowledgeBase.sources.file') },
          { value: 'text', label: t('knowledgeBase.sources.text') },
          { value: 'folder', label: t('knowledgeBase.sources.folder') },
        ]}
      />
      <div className="mt-4 space-y-3">
        {source === 'url' && (
          <TextField
            label={t('knowledgeBase.url')}
            hint={t('knowledgeBase.urlHint')}
            type="url"
            inputMode="url"
            placeholder="https://"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
        )}
        {source === 'file' && (
          <FileDrop
            icon="book"
            prompt={t('knowledgeBase.chooseFile')}
            fileName={file?.name ?? null}
            hint={t('knowledgeBase.fileHint', { mb: KB_FILE_MAX_BYTES / (1024 * 1024) })}
            accept=".pdf,.docx,.epub,.txt,.md,.html,.htm,application/pdf,text/*"
            onFile={setFile}
          />
        )}
        {(source === 'text' || source === 'folder') && (
          <TextField
            label={source === 'folder' ? t('knowledgeBase.folderName') : t('knowledgeBase.name')}
            value={name}
            maxLength={200}
            onChange={(e) => setName(e.target.value)}
          />
        )}
        {source === 'text' && (
          <label className="block text-sm font-medium text-neutral-800">
            {t('knowledgeBase.text')}
            <textarea
              className="mt-1 block min-h-40 w-full rounded-lg border border-neutral-300 px-3 py-2 text-sm font-normal focus-visible:outline-2 focus-visible:outline-accent-600"
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
            <span className="mt-1 block text-xs font-normal text-neutral-500">
              {t('knowledgeBase.textHint')}
            </span>
          </label>
        )}
      </div>
      <div className="mt-4 flex justify-end">
        <Button onClick={() => void add()} disabled={!ready} loading={pending}>
          {source === 'folder' ? t('knowledgeBase.createFolder') : t('knowledgeBase.add')}
        </Button>
      </div>
    </section>
  )
}
