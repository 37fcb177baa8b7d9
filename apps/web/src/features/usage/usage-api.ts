// Usage statistics.
import { client, settle } from '../../lib/api'
import type { CharacterStats, CharacterStatsQuery } from '../../lib/api-types'

export const getCharacterStats = (query: CharacterStatsQuery): Promise<CharacterStats> =>
  settle(client.GET('/v1/usage/character-stats', { params: { query } }))
