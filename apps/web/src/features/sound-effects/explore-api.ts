import type { paths } from '@timbre/contract'
import { client, settle } from '../../lib/api'
import { listHistory } from '../history/history-api'

// The explore examples, favourites and the sound-effect history.

export type ExplorePage =
  paths['/v1/sound-generation/explore']['get']['responses']['200']['content']['application/json']
export type ExploreCategory = ExplorePage['categories'][number]
export type ExploreExample = ExploreCategory['examples'][number]

export const listExplore = () => settle(client.GET('/v1/sound-generation/explore'))
export const getExploreSlug = (slug: string) =>
  settle(client.GET('/v1/sound-generation/explore/{slug}', { params: { path: { slug } } }))
export const listFavourites = () => settle(client.GET('/v1/sound-generation/favourites'))
export const setFavourite = (id: string, on: boolean) =>
  on
    ? settle(
        client.PUT('/v1/sound-generation/favourites/{history_item_id}', {
          params: { path: { history_item_id: id } },
        }),
      )
    : settle(
        client.DELETE('/v1/sound-generation/favourites/{history_item_id}', {
          params: { path: { history_item_id: id } },
        }),
      )
export const listSoundHistory = () => listHistory({ source: 'SFX', page_size: 20 })
