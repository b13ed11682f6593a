import type { Condition, FilterData, Operator } from './engine'
import { VALUELESS } from './engine'

/** The ten template filters of 001 §3 in their four categories. */
export type Template = {
  name: string
  description: string
  category: 'productivity' | 'planning' | 'organization' | 'review'
  icon: string
  color: string
  data: FilterData
}

const open: Condition = { field: 'completed', operator: 'equals', value: false }
const and = (...conditions: Condition[]): FilterData => ({ logic: 'AND', conditions })

export const TEMPLATES: readonly Template[] = [
  { name: 'Due Today', description: 'Open tasks due today', category: 'productivity', icon: 'calendar', color: '#3b82f6', data: and({ field: 'due_date', operator: 'is_today' }, open) },
  { name: 'Overdue', description: 'Open tasks past their day', category: 'productivity', icon: 'alert-circle', color: '#ef4444', data: and({ field: 'due_date', operator: 'is_overdue' }, open) },
  // High and urgent (stored 3 and 4): docs/decisions.md "High Priority template".
  { name: 'High Priority', description: 'Open tasks of high priority or above', category: 'productivity', icon: 'flag', color: '#f59e0b', data: and({ field: 'priority', operator: 'greater_than', value: 2 }, open) },
  { name: 'Starred', description: 'Open starred tasks', category: 'productivity', icon: 'star', color: '#eab308', data: and({ field: 'is_starred', operator: 'equals', value: true }, open) },
  { name: 'Due This Week', description: 'Open tasks due Monday to Sunday', category: 'planning', icon: 'calendar', color: '#06b6d4', data: and({ field: 'due_date', operator: 'is_this_week' }, open) },
  { name: 'No Due Date', description: 'Open tasks without a day', category: 'planning', icon: 'clock', color: '#6b7280', data: and({ field: 'due_date', operator: 'is_empty' }, open) },
  { name: 'Unassigned', description: 'Open tasks in no project', category: 'organization', icon: 'folder', color: '#8b5cf6', data: and({ field: 'project_id', operator: 'is_empty' }, open) },
  { name: 'With Notes', description: 'Tasks that have notes', category: 'organization', icon: 'hash', color: '#10b981', data: and({ field: 'has_notes', operator: 'equals', value: true }) },
  { name: 'Recently Created', description: 'Created in the last 3 days', category: 'review', icon: 'clock', color: '#84cc16', data: and({ field: 'created_at', operator: 'greater_than', value: 'now-3d' }) },
  { name: 'Completed Today', description: 'Tasks finished today', category: 'review', icon: 'check-circle', color: '#10b981', data: and({ field: 'completed_at', operator: 'is_today' }, { field: 'completed', operator: 'equals', value: true }) },
]

export const CATEGORIES = ['productivity', 'planning', 'organization', 'review'] as const

/** Icons and swatches of 001 §3. */
export const FILTER_ICON_NAMES = ['list', 'calendar', 'star', 'flag', 'check-circle', 'clock', 'folder', 'tag', 'hash', 'alert-circle'] as const
export const FILTER_COLORS = [
  { value: '#ef4444', label: 'Red', color: '#ef4444' },
  { value: '#f59e0b', label: 'Amber', color: '#f59e0b' },
  { value: '#eab308', label: 'Yellow', color: '#eab308' },
  { value: '#84cc16', label: 'Lime', color: '#84cc16' },
  { value: '#10b981', label: 'Emerald', color: '#10b981' },
  { value: '#06b6d4', label: 'Cyan', color: '#06b6d4' },
  { value: '#3b82f6', label: 'Blue', color: '#3b82f6' },
  { value: '#8b5cf6', label: 'Violet', color: '#8b5cf6' },
  { value: '#ec4899', label: 'Pink', color: '#ec4899' },
  { value: '#6b7280', label: 'Gray', color: '#6b7280' },
] as const

export const NEW_FILTER_CONDITION: Condition = { field: 'completed', operator: 'equals', value: false }
export const NEW_CONDITION: Condition = { field: 'title', operator: 'contains', value: '' }

/** The form's checks, in 001 §5's words; the server (0107) checks the same. */
export function validateFilter(name: string, description: string, data: FilterData): { field: 'name' | 'description' | 'criteria'; message: string } | null {
  const n = name.trim()
  if (!n) return { field: 'name', message: 'Filter name is required' }
  if (n.length > 100) return { field: 'name', message: 'Filter name must be less than 100 characters' }
  if (!/^[\p{L}\p{N} _().,-]+$/u.test(n)) return { field: 'name', message: 'Filter name contains invalid characters' }
  if (description.length > 500) return { field: 'description', message: 'Description must be less than 500 characters' }
  if (data.logic !== 'AND' && data.logic !== 'OR') return { field: 'criteria', message: 'Invalid logic operator' }
  if (data.conditions.length < 1) return { field: 'criteria', message: 'At least one condition is required' }
  if (data.conditions.length > 10) return { field: 'criteria', message: 'Maximum 10 conditions allowed' }
  for (const c of data.conditions) {
    if (!c.field || !c.operator) return { field: 'criteria', message: 'All conditions must have field and operator' }
    if (!VALUELESS.has(c.operator as Operator) && (c.value === undefined || c.value === null || String(c.value).trim() === '')) {
      return { field: 'criteria', message: 'Condition value is required' }
    }
  }
  return null
}
