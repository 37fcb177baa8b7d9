import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { Workflow, WorkflowNode } from './workflow-model'

// The workflow drawn as boxes joined by arrows. Boxes are dragged with the pointer; a click picks
// a node or an edge for the settings panel.

const WIDTH = 160
const HEIGHT = 56

export type Selection = { kind: 'node'; id: string } | { kind: 'edge'; id: string } | null

interface Props {
  workflow: Workflow
  selection: Selection
  onSelect: (selection: Selection) => void
  onMove: (id: string, position: { x: number; y: number }) => void
}

const at = (node: WorkflowNode | undefined) => node?.position ?? { x: 0, y: 0 }

export function nodeTitle(id: string, node: WorkflowNode): string {
  return typeof node.label === 'string' && node.label ? node.label : id
}

export function WorkflowCanvas({ workflow, selection, onSelect, onMove }: Props) {
  const { t } = useTranslation()
  const drag = useRef<{ id: string; dx: number; dy: number } | null>(null)
  const svg = useRef<SVGSVGElement>(null)
  const positions = Object.values(workflow.nodes).map(at)
  const width = Math.max(640, ...positions.map((p) => p.x + WIDTH + 40))
  const height = Math.max(360, ...positions.map((p) => p.y + HEIGHT + 40))

  const pointer = (event: React.PointerEvent) => {
    const box = svg.current?.getBoundingClientRect()
    return { x: event.clientX - (box?.left ?? 0), y: event.clientY - (box?.top ?? 0) }
  }

  return (
    <svg
      ref={svg}
      role="img"
      aria-label={t('agents.workflow.canvas')}
      width={width}
      height={height}
      className="rounded-lg border border-neutral-200 bg-neutral-50"
      onPointerMove={(event) => {
        if (!drag.current) return
        const p = pointer(event)
        onMove(drag.current.id, {
          x: Math.max(0, p.x - drag.current.dx),
          y: Math.max(0, p.y - drag.current.dy),
        })
      }}
      onPointerUp={() => {
        drag.current = null
      }}
    >
      <defs>
        <marker
          id="workflow-arrow"
          viewBox="0 0 10 10"
          refX="10"
          refY="5"
          markerWidth="8"
          markerHeight="8"
          orient="auto"
        >
          <path d="M0,0 L10,5 L0,10 z" fill="#525252" />
        </marker>
      </defs>
      {Object.entries(workflow.edges).map(([id, edge]) => {
        const from = at(workflow.nodes[edge.source])
        const to = at(workflow.nodes[edge.target])
        const x1 = from.x + WIDTH / 2
        const y1 = from.y + HEIGHT / 2
        const x2 = to.x + WIDTH / 2
        const y2 = to.y + HEIGHT / 2
        const chosen = selection?.kind === 'edge' && selection.id === id
        const condition = edge.forward_condition
        const label =
          condition?.label ||
          condition?.condition ||
          (condition ? t(`agents.workflow.conditions.${condition.type}`) : '')
        return (
          // biome-ignore lint/a11y/useSemanticElements: an SVG arrow has no HTML element to be
          <g
            key={id}
            role="button"
            tabIndex={0}
            aria-label={t('agents.workflow.edgeName', { id })}
            onClick={() => onSelect({ kind: 'edge', id })}
            onKeyDown={(e) => e.key === 'Enter' && onSelect({ kind: 'edge', id })}
            className="cursor-pointer"
          >
            <line x1={x1} y1={y1} x2={x2} y2={y2} stroke="transparent" strokeWidth={12} />
            <line
              x1={x1}
              y1={y1}
              x2={x2}
              y2={y2}
              stroke={chosen ? '#2563eb' : '#525252'}
              strokeWidth={chosen ? 3 : 1.5}
              markerEnd="url(#workflow-arrow)"
            />
            <text x={(x1 + x2) / 2} y={(y1 + y2) / 2 - 6} textAnchor="middle" fontSize={11} fill="#404040">
              {String(label).slice(0, 32)}
            </text>
          </g>
        )
      })}
      {Object.entries(workflow.nodes).map(([id, node]) => {
        const p = at(node)
        const chosen = selection?.kind === 'node' && selection.id === id
        return (
          // biome-ignore lint/a11y/useSemanticElements: an SVG box has no HTML element to be
          <g
            key={id}
            role="button"
            tabIndex={0}
            aria-label={t('agents.workflow.nodeName', { id })}
            transform={`translate(${p.x},${p.y})`}
            className="cursor-move"
            onPointerDown={(event) => {
              const q = pointer(event)
              drag.current = { id, dx: q.x - p.x, dy: q.y - p.y }
              onSelect({ kind: 'node', id })
            }}
            onKeyDown={(e) => e.key === 'Enter' && onSelect({ kind: 'node', id })}
          >
            <rect
              width={WIDTH}
              height={HEIGHT}
              rx={10}
              fill="white"
              stroke={chosen ? '#2563eb' : '#a3a3a3'}
              strokeWidth={chosen ? 3 : 1}
            />
            <text x={10} y={22} fontSize={13} fontWeight={600} fill="#171717">
              {nodeTitle(id, node).slice(0, 20)}
            </text>
            <text x={10} y={42} fontSize={11} fill="#525252">
              {t(`agents.workflow.types.${node.type}`)}
            </text>
          </g>
        )
      })}
    </svg>
  )
}
