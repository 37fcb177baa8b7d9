import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import type { AgentTestingDeps } from './agent-testing.deps.js'
import type { TestBody } from './agent-testing.schemas.js'
import { folderPathOf } from './folders.js'
import { cursorAt, folderSummaryView, offsetOf, testSummaryView, testView } from './views.js'

function invalid(message: string, param: string): never {
  throw new AppError('agent_test_invalid', { message, param })
}

/**
 * The rules of a test: a conversation that ends with the user's words; an LLM test says what
 * success is; a tool-call test names the tool it expects; every regex compiles.
 */
export function checkTest(body: TestBody): void {
  if (body.type === 'simulation')
    invalid('Simulation tests are not available; use an LLM or a tool-call test.', 'type')
  const history = body.chat_history ?? []
  const last = history.at(-1)
  if (last?.role !== 'user' || !last.message?.trim())
    throw new AppError('agent_test_last_message', { param: 'chat_history' })
  if (body.type === 'llm' && !body.success_condition?.trim())
    invalid('An LLM test needs a success condition.', 'success_condition')
  if (body.type === 'tool') {
    const expected = body.tool_call_parameters
    if (!expected?.referenced_tool)
      invalid('A tool-call test names the tool it expects.', 'tool_call_parameters.referenced_tool')
    for (const [index, parameter] of (expected.parameters ?? []).entries()) {
      if (parameter.eval.type !== 'regex') continue
      try {
        new RegExp(parameter.eval.pattern)
      } catch {
        throw new AppError('agent_test_regex_invalid', {
          param: `tool_call_parameters.parameters[${index}].eval.pattern`,
        })
      }
    }
  }
}

/** What is stored of a test: everything but its name, type and folder (which have columns). */
function definitionOf(body: TestBody): Record<string, unknown> {
  const { name: _name, type: _type, parent_folder_id: _folder, ...definition } = body
  return Object.fromEntries(
    Object.entries(definition).filter(([, value]) => value !== undefined && value !== null),
  )
}

async function folderOf(deps: AgentTestingDeps, principal: Principal, folderId: string | null | undefined) {
  if (!folderId) return null
  if (!(await deps.tests.findFolder(principal.workspaceId, folderId)))
    throw new AppError('agent_test_folder_not_found', { param: 'parent_folder_id' })
  return folderId
}

export async function createTest(deps: AgentTestingDeps, principal: Principal, body: TestBody) {
  checkTest(body)
  const folderId = await folderOf(deps, principal, body.parent_folder_id)
  const id = newId()
  await deps.tests.insertTest({
    id,
    workspaceId: principal.workspaceId,
    createdBy: principal.userId,
    folderId,
    name: body.name,
    type: body.type,
    definition: definitionOf(body),
  })
  return { id }
}

export async function getTest(deps: AgentTestingDeps, principal: Principal, testId: string) {
  const row = await deps.tests.findTest(principal.workspaceId, testId)
  if (!row) throw new AppError('agent_test_not_found')
  return testView(principal, row)
}

export async function updateTest(
  deps: AgentTestingDeps,
  principal: Principal,
  testId: string,
  body: TestBody,
) {
  const row = await deps.tests.findTest(principal.workspaceId, testId)
  if (!row) throw new AppError('agent_test_not_found')
  checkTest(body)
  const folderId =
    body.parent_folder_id === undefined
      ? row.folder_id
      : await folderOf(deps, principal, body.parent_folder_id)
  await deps.tests.updateTest(principal.workspaceId, testId, {
    name: body.name,
    type: body.type,
    folderId,
    definition: definitionOf(body),
  })
  return getTest(deps, principal, testId)
}

export async function deleteTest(deps: AgentTestingDeps, principal: Principal, testId: string) {
  if (!(await deps.tests.deleteTest(principal.workspaceId, testId)))
    throw new AppError('agent_test_not_found')
  return {}
}

export async function testSummaries(deps: AgentTestingDeps, principal: Principal, ids: string[]) {
  const rows = await deps.tests.findTests(principal.workspaceId, ids)
  const tests: Record<string, ReturnType<typeof testSummaryView>> = {}
  for (const row of rows)
    tests[row.id] = testSummaryView(
      principal,
      row,
      await folderPathOf(deps, principal.workspaceId, row.folder_id),
    )
  return { tests }
}

export async function listTests(
  deps: AgentTestingDeps,
  principal: Principal,
  query: {
    cursor?: string | undefined
    page_size: number
    search?: string | undefined
    parent_folder_id?: string | undefined
    types?: string[] | undefined
    include_folders?: boolean | undefined
    created_by_user_id?: string | undefined
  },
) {
  const folderId = query.parent_folder_id ?? null
  if (folderId && !(await deps.tests.findFolder(principal.workspaceId, folderId)))
    throw new AppError('agent_test_folder_not_found', { param: 'parent_folder_id' })
  const path = await folderPathOf(deps, principal.workspaceId, folderId)
  const offset = offsetOf(query.cursor)
  // Folders come first, on the first page only, when asked for.
  const folders =
    query.include_folders && offset === 0
      ? (await deps.tests.listFolders(principal.workspaceId, folderId, query.search)).map((f) =>
          folderSummaryView(principal, f, path),
        )
      : []
  const rows = await deps.tests.listTests(principal.workspaceId, {
    search: query.search,
    folderId,
    types: query.types?.filter((t) => t !== 'folder'),
    createdBy: query.created_by_user_id,
    offset,
    limit: query.page_size + 1,
  })
  const hasMore = rows.length > query.page_size
  return {
    tests: [
      ...folders,
      ...rows.slice(0, query.page_size).map((row) => testSummaryView(principal, row, path)),
    ],
    next_cursor: hasMore ? cursorAt(offset + query.page_size) : null,
    has_more: hasMore,
  }
}

export async function moveTests(
  deps: AgentTestingDeps,
  principal: Principal,
  body: { entity_ids: string[]; move_to?: string | null | undefined },
) {
  const folderId = await folderOf(deps, principal, body.move_to)
  const found = await deps.tests.findTests(principal.workspaceId, body.entity_ids)
  if (found.length !== new Set(body.entity_ids).size)
    throw new AppError('agent_test_not_found', { param: 'entity_ids' })
  await deps.tests.moveTests(principal.workspaceId, body.entity_ids, folderId)
  return {}
}
