import { describe, expect, it } from 'vitest'
import { describeActivity } from './team-activity'

const nameOf = (id: string) => (id === 'me' ? 'You' : id === 'bea' ? 'Bea' : 'A former member')
const line = (action: string, metadata: unknown, user_id: string | null = 'me') => describeActivity({ action, metadata, user_id }, nameOf)

describe('a team feed line', () => {
  it('says what the server logged, with whom or what', () => {
    expect(line('team_created', { name: 'Apollo' })).toBe('You created the team')
    expect(line('member_invited', { email: 'bea@example.test', role: 'member' })).toBe('You invited bea@example.test')
    expect(line('member_joined', { role: 'member', name: 'Bea' }, 'bea')).toBe('Bea joined the team')
    expect(line('member_removed', { name: 'Bea' })).toBe('You removed Bea')
    expect(line('role_changed', { name: 'Bea', old_role: 'member', new_role: 'admin' })).toBe('You changed the role of Bea to Admin')
    expect(line('task_assigned', { task_title: 'Fuel the rocket', assignee_name: 'Bea' })).toBe('You assigned “Fuel the rocket” to Bea')
  })

  it('still reads for an action or metadata it does not know', () => {
    expect(line('project_shared', { title: 'Launch' }, null)).toBe('Someone project shared “Launch”')
    expect(line('task_assigned', null)).toBe('You assigned a task')
    expect(line('role_changed', [])).toBe('You changed the role of a member')
  })
})
