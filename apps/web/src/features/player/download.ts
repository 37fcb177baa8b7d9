import { saveBlob } from '../../lib/save-blob'
import { downloadHistory } from '../history/history-api'
import {
  extensionForContentType,
  extensionForFormat,
  generatedDownloadName,
  withExtension,
} from './file-name'
import type { PlayerItem } from './player-store'

type Named = Pick<PlayerItem, 'voiceName' | 'voiceCategory' | 'settings' | 'modelId' | 'dateUnix'>

const itemDate = (item: Named) => (item.dateUnix ? new Date(item.dateUnix * 1000) : new Date())

/** Downloads history items: one item as its audio, several as a zip, named by the download rules. */
export async function downloadHistoryItems(ids: string[], item?: Named): Promise<void> {
  const response = await downloadHistory(ids)
  const extension = extensionForContentType(response.headers.get('content-type'))
  const blob = await response.blob()
  const name = generatedDownloadName({
    date: item ? itemDate(item) : new Date(),
    voiceName: item?.voiceName,
    category: item?.voiceCategory,
    settings: item?.settings,
    modelId: item?.modelId,
    extension,
  })
  saveBlob(blob, name)
}

/** The player's download: the history item when known, else the audio already in the browser. */
export async function downloadPlayerItem(item: PlayerItem): Promise<void> {
  if (item.historyItemId && item.loaded) return downloadHistoryItems([item.historyItemId], item)
  const blob = item.blob ?? (await (await fetch(item.src)).blob())
  const extension = extensionForFormat(item.outputFormat)
  const name = generatedDownloadName({
    date: itemDate(item),
    voiceName: item.voiceName,
    category: item.voiceCategory,
    settings: item.settings,
    modelId: item.modelId,
    extension,
  })
  saveBlob(blob, withExtension(name, extension))
}
