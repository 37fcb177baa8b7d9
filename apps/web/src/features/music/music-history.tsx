import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../lib/format-date'
import { ShareDialog } from '../share/share-dialog'
import { listSongs, songAudioUrl, songStemsUrl } from './music-api'
import { playSong } from './play-song'

/** The workspace's songs: play one in the player, download it or its stems. */
export function MusicHistory() {
  const { t, i18n } = useTranslation()
  const songs = useQuery({ queryKey: ['music-songs'], queryFn: listSongs })
  const [sharing, setSharing] = useState<string | null>(null)
  const link = 'text-sm text-accent-700 underline-offset-2 hover:underline'
  return (
    <section aria-labelledby="music-history" className="mt-8">
      <h2 id="music-history" className="text-lg font-semibold text-neutral-900">
        {t('music.history.title')}
      </h2>
      {songs.data?.length === 0 && (
        <p className="mt-2 text-sm text-neutral-600">{t('music.history.empty')}</p>
      )}
      <ul className="mt-3 divide-y divide-neutral-200 rounded-2xl border border-neutral-200 bg-white">
        {songs.data?.map((song) => (
          <li key={song.song_id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-neutral-900">{song.song_metadata.title}</p>
              <p className="truncate text-xs text-neutral-600">
                {t('music.history.meta', {
                  seconds: (song.length_ms / 1000).toFixed(1),
                  date: formatDateTime(Math.floor(Date.parse(song.created_at) / 1000), i18n.language),
                })}
              </p>
            </div>
            <button
              type="button"
              className={link}
              onClick={() =>
                playSong({
                  title: song.song_metadata.title,
                  label: t('music.playerLabel'),
                  songId: song.song_id,
                  src: songAudioUrl(song.song_id),
                  ownsSrc: false,
                })
              }
            >
              {t('music.history.play')}
            </button>
            <a className={link} href={songAudioUrl(song.song_id)} download>
              {t('music.history.download')}
            </a>
            <a className={link} href={songStemsUrl(song.song_id)} download>
              {t('music.history.stems')}
            </a>
            <button type="button" className={link} onClick={() => setSharing(song.song_id)}>
              {t('music.history.share')}
            </button>
          </li>
        ))}
      </ul>
      {sharing && <ShareDialog songId={sharing} open onOpenChange={(open) => !open && setSharing(null)} />}
    </section>
  )
}
