// The one place that calls text processing, so swapping the stand-in for ../text is one line.
import type { PlanOptions, TextPlan } from '../text/types.js'
import { planTextStandIn } from './text-plan-stand-in.js'

export function planText(text: string, options: PlanOptions): TextPlan {
  return planTextStandIn(text, options)
}
