import { MapPin } from '@phosphor-icons/react'
import { type FormEvent, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'

export const MAX_LOCATION = 500

/** The location dialog (001 §2): a place for the task, as text. */
export function LocationField({ location, onChange }: { location: string | null; onChange: (location: string | null) => void }) {
  const [open, setOpen] = useState(false)
  const [text, setText] = useState(location ?? '')
  const save = (e: FormEvent) => {
    e.preventDefault()
    onChange(text.trim() ? text.trim() : null)
    setOpen(false)
  }
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="max-w-full justify-start font-normal"
        onClick={() => {
          setText(location ?? '')
          setOpen(true)
        }}
        aria-label={location ? `Location ${location}. Change location` : 'Add a location'}
      >
        <MapPin size={16} aria-hidden />
        <span className="truncate">{location || 'Add location'}</span>
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-sm">
          <DialogHeader>
            <DialogTitle>Location</DialogTitle>
            <DialogDescription>Where this task happens: an address, a room, a shop.</DialogDescription>
          </DialogHeader>
          <form id="location-form" onSubmit={save}>
            <Field label="Place">
              {(p) => <Input {...p} value={text} onChange={(e) => setText(e.target.value)} maxLength={MAX_LOCATION} autoFocus />}
            </Field>
          </form>
          <DialogFooter>
            {location ? (
              <Button
                variant="ghost"
                className="sm:mr-auto"
                onClick={() => {
                  onChange(null)
                  setOpen(false)
                }}
              >
                Remove location
              </Button>
            ) : null}
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" form="location-form">
              Save location
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  )
}
