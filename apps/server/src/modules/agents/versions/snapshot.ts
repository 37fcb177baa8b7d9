import { isDeepStrictEqual } from 'node:util'
import type { JsonObject } from '../agent-config.js'
import type { AgentRow } from '../agents.repository.js'

/** What a version freezes of an agent: its name, tags and its whole configuration. */
export interface AgentSnapshot {
  name: string
  tags: string[]
  conversation_config: JsonObject
  platform_settings: JsonObject
  workflow: JsonObject | null
}

/** The parts of a configuration a merge combines; the target keeps its own name and tags. */
export const MERGED_SECTIONS = ['conversation_config', 'platform_settings', 'workflow'] as const
type Section = (typeof MERGED_SECTIONS)[number]

export interface FieldConflict {
  path: string
  section: Section
  base_value: unknown
  source_value: unknown
  target_value: unknown
}

export function snapshotOf(row: AgentRow): AgentSnapshot {
  return {
    name: row.name,
    tags: row.tags,
    conversation_config: row.conversation_config,
    platform_settings: row.platform_settings,
    workflow: row.workflow,
  }
}

/** Reads a stored snapshot, filling what an older or partial one lacks from nothing. */
export function readSnapshot(stored: Record<string, unknown>): AgentSnapshot {
  const object = (value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : {}
  return {
    name: typeof stored.name === 'string' ? stored.name : '',
    tags: Array.isArray(stored.tags) ? (stored.tags as string[]) : [],
    conversation_config: object(stored.conversation_config),
    platform_settings: object(stored.platform_settings),
    workflow: stored.workflow ? object(stored.workflow) : null,
  }
}

/** The agent as it runs with a version's configuration in place of the saved one. */
export function withSnapshot(row: AgentRow, snapshot: AgentSnapshot): AgentRow {
  return { ...row, ...snapshot }
}

const isObject = (value: unknown): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/** Leaves of a document by dotted path; arrays are compared and merged whole. */
function leaves(value: unknown, prefix: string, into: Map<string, unknown>): Map<string, unknown> {
  if (isObject(value) && Object.keys(value).length > 0)
    for (const [key, child] of Object.entries(value)) leaves(child, prefix ? `${prefix}.${key}` : key, into)
  else if (prefix) into.set(prefix, value)
  return into
}

function setPath(root: JsonObject, path: string[], value: unknown): void {
  let node = root
  for (const key of path.slice(0, -1)) {
    if (!isObject(node[key])) node[key] = {}
    node = node[key] as JsonObject
  }
  const last = path[path.length - 1] as string
  if (value === undefined) delete node[last]
  else node[last] = value
}

/**
 * A three-way merge of one section: every leaf the source changed since the base is carried onto
 * the target. A leaf both sides changed to different values is a conflict; with force the
 * source's value wins.
 */
function mergeSection(section: Section, base: unknown, source: unknown, target: unknown, force: boolean) {
  const baseLeaves = leaves(base, '', new Map())
  const sourceLeaves = leaves(source, '', new Map())
  const targetLeaves = leaves(target, '', new Map())
  const merged: JsonObject = structuredClone(isObject(target) ? target : {})
  const conflicts: FieldConflict[] = []
  const paths = new Set([...baseLeaves.keys(), ...sourceLeaves.keys()])
  for (const path of paths) {
    const [b, s, t] = [baseLeaves.get(path), sourceLeaves.get(path), targetLeaves.get(path)]
    if (isDeepStrictEqual(b, s) || isDeepStrictEqual(s, t)) continue
    if (!isDeepStrictEqual(b, t)) {
      conflicts.push({ path: `${section}.${path}`, section, base_value: b, source_value: s, target_value: t })
      if (!force) continue
    }
    setPath(merged, path.split('.'), s)
  }
  return { merged, conflicts }
}

/** Merges the source's changes since the base into the target, section by section. */
export function mergeSnapshots(
  base: AgentSnapshot,
  source: AgentSnapshot,
  target: AgentSnapshot,
  force: boolean,
): { snapshot: AgentSnapshot; conflicts: FieldConflict[] } {
  const snapshot: AgentSnapshot = { ...target }
  const conflicts: FieldConflict[] = []
  for (const section of MERGED_SECTIONS) {
    const result = mergeSection(section, base[section], source[section], target[section], force)
    conflicts.push(...result.conflicts)
    if (section === 'workflow')
      snapshot.workflow = Object.keys(result.merged).length > 0 ? result.merged : null
    else snapshot[section] = result.merged
  }
  return { snapshot, conflicts }
}

export function sameConfiguration(a: AgentSnapshot, b: AgentSnapshot): boolean {
  return MERGED_SECTIONS.every((section) => isDeepStrictEqual(a[section] ?? null, b[section] ?? null))
}
