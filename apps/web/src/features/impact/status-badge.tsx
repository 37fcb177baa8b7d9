import { useTranslation } from 'react-i18next'
import { Badge, type BadgeTone } from '../../components/badge'

const TONE: Record<string, BadgeTone> = {
  pending: 'accent',
  more_info_requested: 'warning',
  approved: 'success',
  rejected: 'danger',
}

/** An application's state in words. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation()
  return (
    <Badge tone={TONE[status] ?? 'neutral'}>{t(`impact.status.${status}`, { defaultValue: status })}</Badge>
  )
}
