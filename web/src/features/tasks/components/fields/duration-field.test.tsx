import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { DurationField } from './duration-field'

function Field({ initial, onChange }: { initial: number | null; onChange: (m: number | null) => void }) {
  const [minutes, setMinutes] = useState(initial)
  return (
    <DurationField
      minutes={minutes}
      onChange={(m) => {
        setMinutes(m)
        onChange(m)
      }}
    />
  )
}
const select = () => screen.getByRole('combobox', { name: 'Duration' })

describe('DurationField', () => {
  it('sets a preset and clears to null', () => {
    const onChange = vi.fn()
    render(<Field initial={null} onChange={onChange} />)
    expect(select()).toHaveValue('')
    fireEvent.change(select(), { target: { value: '90' } })
    expect(onChange).toHaveBeenLastCalledWith(90)
    expect(screen.getByRole('option', { name: '1 h 30 min', selected: true })).toBeInTheDocument()
    fireEvent.change(select(), { target: { value: '' } })
    expect(onChange).toHaveBeenLastCalledWith(null)
  })

  it('takes a custom value typed by hand and refuses one the server would not hold', () => {
    const onChange = vi.fn()
    render(<Field initial={30} onChange={onChange} />)
    fireEvent.change(select(), { target: { value: 'custom' } })
    const input = screen.getByRole('textbox', { name: 'Custom duration' })
    fireEvent.change(input, { target: { value: '25h' } })
    expect(screen.getByRole('alert')).toHaveTextContent('from 5 minutes to 24 hours')
    expect(screen.getByRole('button', { name: 'Set' })).toBeDisabled()
    fireEvent.keyDown(input, { key: 'Enter' })
    expect(onChange).not.toHaveBeenCalled()
    fireEvent.change(input, { target: { value: '1h 20m' } })
    fireEvent.click(screen.getByRole('button', { name: 'Set' }))
    expect(onChange).toHaveBeenLastCalledWith(80)
    // A value that is no preset is shown as itself.
    expect(screen.queryByRole('textbox', { name: 'Custom duration' })).toBeNull()
    expect(screen.getByRole('option', { name: '1 h 20 min', selected: true })).toBeInTheDocument()
  })

  it('Escape leaves the custom value without a change', () => {
    const onChange = vi.fn()
    render(<Field initial={45} onChange={onChange} />)
    fireEvent.change(select(), { target: { value: 'custom' } })
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Custom duration' }), { key: 'Escape' })
    expect(onChange).not.toHaveBeenCalled()
    expect(select()).toHaveValue('45')
  })
})
