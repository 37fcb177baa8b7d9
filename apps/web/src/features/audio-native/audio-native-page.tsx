import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { FileField } from '../../components/file-field'
import { ListPage } from '../../components/list-page'
import { TextField } from '../../components/text-field'
import { useErrorText } from '../../i18n/use-error-text'
import { allowlistOf, useCreatePlayer, usePlayers } from './audio-native-api'
import { PlayerCard } from './player-card'

/** Audio Native: article players for the workspace's websites, their appearance and reach. */
export function AudioNativePage() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const players = usePlayers()
  const create = useCreatePlayer()
  const [name, setName] = useState('')
  const [file, setFile] = useState<File | null>(null)
  const [allowlist, setAllowlist] = useState('')
  const [nameError, setNameError] = useState<string | null>(null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!name.trim()) {
      setNameError(t('audioNative.nameRequired'))
      return
    }
    setNameError(null)
    create.mutate(
      {
        name: name.trim(),
        file,
        small: false,
        textColor: '#000000',
        backgroundColor: '#FFFFFF',
        allowedUrls: allowlistOf(allowlist),
        contentSelector: '',
      },
      {
        onSuccess: () => {
          setName('')
          setFile(null)
          setAllowlist('')
        },
      },
    )
  }

  return (
    <ListPage
      title={t('audioNative.title')}
      subtitle={t('audioNative.subtitle')}
      loading={players.isPending}
      error={players.isError ? errorText(players.error) : null}
      items={players.data?.projects}
      empty={t('audioNative.empty')}
      emptyClassName="max-w-2xl"
      renderItems={(list) => (
        <div className="max-w-2xl space-y-4">
          {list.map((player) => (
            <PlayerCard key={player.project_id} player={player} />
          ))}
        </div>
      )}
    >
      <form
        onSubmit={submit}
        noValidate
        className="max-w-2xl space-y-4 rounded-2xl border border-neutral-200 p-5"
      >
        <h2 className="text-base font-semibold text-neutral-900">{t('audioNative.newPlayer')}</h2>
        <TextField
          label={t('audioNative.name')}
          value={name}
          maxLength={200}
          error={nameError}
          onChange={(e) => setName(e.target.value)}
        />
        <FileField
          label={t('audioNative.article')}
          hint={t('audioNative.articleHint')}
          accept=".html,.htm,.txt,text/html,text/plain"
          onFile={setFile}
        />
        <div>
          <label htmlFor="audio-native-allow" className="mb-1.5 block text-sm font-medium text-neutral-800">
            {t('audioNative.allowlist')}
          </label>
          <textarea
            id="audio-native-allow"
            rows={2}
            value={allowlist}
            onChange={(e) => setAllowlist(e.target.value)}
            placeholder="https://example.com/blog/"
            className="block w-full rounded-lg border border-neutral-300 bg-white px-3 py-2 font-mono text-sm text-neutral-900"
          />
          <p className="mt-1 text-xs text-neutral-500">{t('audioNative.allowlistHint')}</p>
        </div>
        {create.isError && <Alert tone="error">{errorText(create.error)}</Alert>}
        <Button type="submit" loading={create.isPending}>
          {t('audioNative.create')}
        </Button>
      </form>
    </ListPage>
  )
}
