// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../lib/api-error'
import { renderInApp } from '../../../test/render-dom'
import { WorkflowEditor } from './workflow-editor'
import type { Workflow } from './workflow-model'

const tools = [{ id: 'tool_1', name: 'lookup_order' }]
const agents = [{ id: 'agent_2', name: 'Billing' }]

function pickNode(id: string) {
  fireEvent.pointerDown(screen.getByRole('button', { name: `Node ${id}` }))
  fireEvent.pointerUp(screen.getByRole('img', { name: 'Workflow canvas' }))
}

async function addNode(user: ReturnType<typeof userEvent.setup>, type: string) {
  await user.selectOptions(screen.getByLabelText('Node type'), type)
  await user.click(screen.getByRole('button', { name: 'Add node' }))
}

async function connect(user: ReturnType<typeof userEvent.setup>, from: string, to: string) {
  pickNode(from)
  await user.selectOptions(screen.getByLabelText('Connect to'), to)
  await user.click(screen.getByRole('button', { name: 'Add edge' }))
}

describe('the workflow editor', () => {
  it('builds a graph of nodes and edges, shows what is wrong and saves the API shape', async () => {
    const user = userEvent.setup()
    const onSave = vi.fn().mockResolvedValue({})
    renderInApp(<WorkflowEditor initial={undefined} agents={agents} tools={tools} onSave={onSave} />)
    expect(screen.getByRole('button', { name: 'Node start' })).toBeTruthy()

    await addNode(user, 'override_agent')
    await user.type(screen.getByLabelText('Extra instructions'), 'You handle refunds.')
    await user.type(screen.getByLabelText('First message'), 'Refund desk here.')
    await addNode(user, 'end')
    // Nothing joins the new nodes to the start yet: saving lists both, and does not call the API.
    await user.click(screen.getByRole('button', { name: 'Save workflow' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Node override_agent_1 cannot be reached from the start node.')
    expect(alert.textContent).toContain('Node end_1 cannot be reached from the start node.')
    expect(onSave).not.toHaveBeenCalled()

    await connect(user, 'start', 'override_agent_1')
    await connect(user, 'override_agent_1', 'end_1')
    // The new edge is picked: its condition becomes one the model judges.
    await user.selectOptions(screen.getByLabelText('Condition'), 'llm')
    await user.type(screen.getByLabelText('Condition the model judges'), 'The user says goodbye')
    expect(screen.getByText('The user says goodbye', { selector: 'text' })).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Save workflow' }))
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1))
    const saved = onSave.mock.calls[0]?.[0] as Workflow
    expect(saved.edges).toEqual({
      edge_1: { source: 'start', target: 'override_agent_1', forward_condition: { type: 'unconditional' } },
      edge_2: {
        source: 'override_agent_1',
        target: 'end_1',
        forward_condition: { type: 'llm', condition: 'The user says goodbye' },
      },
    })
    expect(saved.nodes.override_agent_1).toMatchObject({
      type: 'override_agent',
      label: 'Subagent',
      additional_prompt: 'You handle refunds.',
      conversation_config: { agent: { first_message: 'Refund desk here.' } },
    })
    expect(saved.nodes.end_1).toMatchObject({ type: 'end', outcome: 'success' })
    expect(await screen.findByText('Workflow saved.')).toBeTruthy()
    // Typing key by key is slow on a loaded machine.
  }, 60_000)

  it('edits a tool node, removes a node with its edges and shows the server refusal', async () => {
    const user = userEvent.setup()
    const onSave = vi
      .fn()
      .mockRejectedValue(new ApiError(422, 'agent_config_invalid', "Workflow node 'tool_1' calls no tool."))
    const initial: Workflow = {
      nodes: {
        start: { type: 'start', position: { x: 0, y: 0 }, edge_order: [] },
        tool_1: { type: 'tool', position: { x: 200, y: 0 }, edge_order: [], tools: [] },
        phone_number_1: {
          type: 'phone_number',
          position: { x: 400, y: 0 },
          edge_order: [],
          transfer_destination: { type: 'phone', phone_number: '+14155550100' },
        },
      },
      edges: {
        a: { source: 'start', target: 'tool_1', forward_condition: { type: 'unconditional' } },
        b: {
          source: 'tool_1',
          target: 'phone_number_1',
          forward_condition: { type: 'result', successful: true },
        },
      },
    }
    renderInApp(<WorkflowEditor initial={initial} agents={agents} tools={tools} onSave={onSave} />)
    // A tool node without its tool is caught before saving.
    await user.click(screen.getByRole('button', { name: 'Save workflow' }))
    expect((await screen.findByRole('alert')).textContent).toContain('Node tool_1 needs its tools set.')
    pickNode('tool_1')
    await user.selectOptions(screen.getByLabelText('Tool'), 'tool_1')

    // The server's own refusal is shown with its message.
    await user.click(screen.getByRole('button', { name: 'Save workflow' }))
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1))
    const sent = onSave.mock.calls[0]?.[0] as Workflow
    expect(sent.nodes.tool_1?.tools).toEqual([{ tool_id: 'tool_1' }])
    expect((await screen.findByRole('alert')).textContent).toContain("Workflow node 'tool_1' calls no tool.")

    // Picking an edge shows its condition; removing the tool node takes both edges with it.
    fireEvent.click(screen.getByRole('button', { name: 'Edge b' }))
    expect((screen.getByLabelText('Condition') as HTMLSelectElement).value).toBe('result')
    pickNode('tool_1')
    await user.click(screen.getByRole('button', { name: 'Remove node' }))
    expect(screen.queryByRole('button', { name: 'Node tool_1' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Edge a' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Edge b' })).toBeNull()
  }, 60_000)
})
