// The whole vocabulary, one list per family, and the lookups the parser uses.
import type { SoundType } from '../types.js'
import { ANIMALS } from './animals.js'
import { CROWDS } from './crowds.js'
import { HOUSEHOLD } from './household.js'
import { IMPACTS } from './impacts.js'
import { INTERFACE } from './interface.js'
import { MACHINES } from './machines.js'
import { VEHICLES } from './vehicles.js'
import { WEATHER } from './weather.js'

export const VOCABULARY: readonly SoundType[] = [
  ...ANIMALS,
  ...VEHICLES,
  ...WEATHER,
  ...HOUSEHOLD,
  ...CROWDS,
  ...MACHINES,
  ...INTERFACE,
  ...IMPACTS,
]

const BY_ID = new Map(VOCABULARY.map((t) => [t.id, t]))

export function soundType(id: string): SoundType {
  const type = BY_ID.get(id)
  if (!type) throw new Error(`unknown sound type ${id}`)
  return type
}

/** For each word, the types that list it. */
export const TYPES_BY_WORD: ReadonlyMap<string, readonly SoundType[]> = (() => {
  const map = new Map<string, SoundType[]>()
  for (const type of VOCABULARY)
    for (const word of type.words) {
      const list = map.get(word) ?? []
      if (!list.includes(type)) list.push(type)
      map.set(word, list)
    }
  return map
})()
