import { ArrowLeft, ArrowRight, CaretLeft, CaretRight, ImageSquare, MagnifyingGlassMinus, MagnifyingGlassPlus, Trash, UploadSimple, X } from '@phosphor-icons/react'
import { useQueryClient } from '@tanstack/react-query'
import { Dialog as DialogPrimitive } from 'radix-ui'
import { type DragEvent, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { cn } from '@/lib/cn'
import { describeError } from '@/lib/errors'
import { toast } from '@/lib/toast'
import { type EntryImage, uploadEntryImage, useDeleteEntryImage, useEntryImages, useReorderEntryImages } from '../api/entry-images'
import { journalKeys } from '../api/keys'

const MAX_FILES = 5
const MAX_BATCH = 20 * 1024 * 1024
const TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp']

/** The batch rules of 002 §5 with its texts; the server checks each file again (size by plan, signature, rate). */
export function checkBatch(files: readonly File[]): string | null {
  if (files.length > MAX_FILES) return 'Cannot upload more than 5 files at once'
  if (files.reduce((n, f) => n + f.size, 0) > MAX_BATCH) return 'Total upload size exceeds limit'
  const bad = files.find((f) => !TYPES.includes(f.type))
  if (bad) return `File type "${bad.type || bad.name.split('.').pop() || 'unknown'}" is not supported`
  const empty = files.find((f) => f.size === 0)
  if (empty) return `File "${empty.name}" is empty`
  return null
}

const ZOOM_STEP = 1.2
const ZOOM_MIN = 0.5
const ZOOM_MAX = 3

function Lightbox({ images, index, onIndex, onClose }: { images: EntryImage[]; index: number | null; onIndex: (i: number) => void; onClose: () => void }) {
  const [zoom, setZoom] = useState(1)
  const image = index === null ? null : images[index]
  const go = (i: number) => {
    setZoom(1)
    onIndex((i + images.length) % images.length)
  }
  return (
    <DialogPrimitive.Root open={!!image} onOpenChange={(o) => (o ? undefined : onClose())}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/90" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex flex-col text-white outline-none"
          onKeyDown={(e) => {
            if (e.key === 'ArrowRight') go((index ?? 0) + 1)
            else if (e.key === 'ArrowLeft') go((index ?? 0) - 1)
            else if (e.key === '+' || e.key === '=') setZoom((z) => Math.min(ZOOM_MAX, z * ZOOM_STEP))
            else if (e.key === '-') setZoom((z) => Math.max(ZOOM_MIN, z / ZOOM_STEP))
          }}
        >
          <div className="flex items-center gap-2 p-3">
            <DialogPrimitive.Title className="flex-1 text-sm font-medium">
              Image {(index ?? 0) + 1} of {images.length}
            </DialogPrimitive.Title>
            <button type="button" aria-label="Zoom out" className="rounded-md p-2 hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-white" onClick={() => setZoom((z) => Math.max(ZOOM_MIN, z / ZOOM_STEP))}>
              <MagnifyingGlassMinus size={20} aria-hidden />
            </button>
            <span className="w-12 text-center text-xs tabular-nums">{Math.round(zoom * 100)}%</span>
            <button type="button" aria-label="Zoom in" className="rounded-md p-2 hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-white" onClick={() => setZoom((z) => Math.min(ZOOM_MAX, z * ZOOM_STEP))}>
              <MagnifyingGlassPlus size={20} aria-hidden />
            </button>
            <DialogPrimitive.Close aria-label="Close" className="rounded-md p-2 hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-white">
              <X size={20} aria-hidden />
            </DialogPrimitive.Close>
          </div>
          <div className="relative flex min-h-0 flex-1 items-center justify-center overflow-auto">
            {image ? (
              <img
                src={image.image_url}
                alt={`Image ${(index ?? 0) + 1} of the entry`}
                className="max-h-full max-w-full object-contain transition-transform"
                style={{ transform: `scale(${zoom})` }}
              />
            ) : null}
            {images.length > 1 ? (
              <>
                <button type="button" aria-label="Previous image" onClick={() => go((index ?? 0) - 1)} className="absolute left-3 rounded-full bg-black/50 p-3 hover:bg-black/70 focus-visible:ring-2 focus-visible:ring-white">
                  <CaretLeft size={22} aria-hidden />
                </button>
                <button type="button" aria-label="Next image" onClick={() => go((index ?? 0) + 1)} className="absolute right-3 rounded-full bg-black/50 p-3 hover:bg-black/70 focus-visible:ring-2 focus-visible:ring-white">
                  <CaretRight size={22} aria-hidden />
                </button>
              </>
            ) : null}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}

/**
 * An entry's images (002 §2, §3, §7): upload (button or drop) to
 * journal-images under {entryId}/{timestamp}.{extension} with a
 * journal_images row each, reorder, delete, and a lightbox.
 */
export function ImageGallery({ entryId, exists, ensureCreated, editable }: { entryId: string; exists: boolean; ensureCreated: () => Promise<void>; editable: boolean }) {
  const queryClient = useQueryClient()
  const images = useEntryImages(entryId, exists)
  const remove = useDeleteEntryImage(entryId)
  const reorder = useReorderEntryImages(entryId)
  const input = useRef<HTMLInputElement>(null)
  const [uploading, setUploading] = useState(0)
  const [open, setOpen] = useState<number | null>(null)
  const [deleting, setDeleting] = useState<EntryImage | null>(null)
  const [over, setOver] = useState(false)
  const list = images.data ?? []

  const upload = async (files: File[]) => {
    if (files.length === 0) return
    const problem = checkBatch(files)
    if (problem) {
      toast.error('Upload validation failed', { description: problem })
      return
    }
    try {
      await ensureCreated()
    } catch (e) {
      toast.error('Image upload failed', { description: describeError(e) })
      return
    }
    setUploading(files.length)
    let order = list.reduce((m, i) => Math.max(m, i.image_order + 1), 0)
    for (const file of files) {
      try {
        const row = await uploadEntryImage(entryId, file, order)
        order += 1
        queryClient.setQueryData<EntryImage[]>(journalKeys.images(entryId), (l) => [...(l ?? []), row])
        toast.success('Image uploaded')
      } catch (e) {
        toast.error('Image upload failed', { description: `${file.name}: ${describeError(e)}` })
      } finally {
        setUploading((n) => n - 1)
      }
    }
    void queryClient.invalidateQueries({ queryKey: journalKeys.images(entryId) })
  }

  const move = (i: number, by: number) => {
    const next = [...list]
    const [item] = next.splice(i, 1)
    if (!item) return
    next.splice(i + by, 0, item)
    reorder.mutate(next)
  }

  const onDrop = (e: DragEvent) => {
    e.preventDefault()
    setOver(false)
    if (editable) void upload([...e.dataTransfer.files])
  }

  if (!editable && list.length === 0) return null
  return (
    <section
      aria-labelledby="entry-images-heading"
      className={cn('grid gap-3 rounded-xl border border-dashed p-3 transition-colors', over && 'border-primary bg-primary/5')}
      onDragOver={(e) => {
        if (!editable || ![...e.dataTransfer.types].includes('Files')) return
        e.preventDefault()
        setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="entry-images-heading" className="flex items-center gap-2 text-sm font-medium">
          <ImageSquare size={18} aria-hidden /> Images
          {list.length ? <span className="text-xs font-normal text-muted-foreground">{list.length}</span> : null}
        </h2>
        {editable ? (
          <>
            <Button variant="outline" size="sm" onClick={() => input.current?.click()} disabled={uploading > 0}>
              <UploadSimple size={16} aria-hidden /> {uploading > 0 ? `Uploading ${uploading}…` : 'Add images'}
            </Button>
            <input
              ref={input}
              type="file"
              accept={TYPES.join(',')}
              multiple
              className="hidden"
              aria-label="Images to add"
              onChange={(e) => {
                const files = [...(e.target.files ?? [])]
                e.target.value = ''
                void upload(files)
              }}
            />
          </>
        ) : null}
      </div>
      {list.length === 0 && uploading === 0 ? (
        <p className="text-xs text-muted-foreground">Drop photos here or use Add images (JPEG, PNG, GIF or WebP; up to 5 at a time).</p>
      ) : (
        <ul aria-label="Entry images" className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {list.map((image, i) => (
            <li key={image.id} className="group relative aspect-square overflow-hidden rounded-lg border bg-muted">
              <button type="button" className="size-full outline-none focus-visible:ring-2 focus-visible:ring-ring" aria-label={`Open image ${i + 1} of ${list.length}`} onClick={() => setOpen(i)}>
                <img src={image.image_url} alt="" loading="lazy" className="size-full object-cover" />
              </button>
              {editable ? (
                <div className="absolute inset-x-1 bottom-1 flex justify-between gap-1 opacity-100 md:opacity-0 md:group-focus-within:opacity-100 md:group-hover:opacity-100">
                  <span className="flex gap-1">
                    <button type="button" aria-label={`Move image ${i + 1} earlier`} disabled={i === 0} onClick={() => move(i, -1)} className="rounded bg-black/60 p-1 text-white hover:bg-black/80 focus-visible:ring-2 focus-visible:ring-white disabled:opacity-30">
                      <ArrowLeft size={14} aria-hidden />
                    </button>
                    <button type="button" aria-label={`Move image ${i + 1} later`} disabled={i === list.length - 1} onClick={() => move(i, 1)} className="rounded bg-black/60 p-1 text-white hover:bg-black/80 focus-visible:ring-2 focus-visible:ring-white disabled:opacity-30">
                      <ArrowRight size={14} aria-hidden />
                    </button>
                  </span>
                  <button type="button" aria-label={`Delete image ${i + 1}`} onClick={() => setDeleting(image)} className="rounded bg-black/60 p-1 text-white hover:bg-destructive focus-visible:ring-2 focus-visible:ring-white">
                    <Trash size={14} aria-hidden />
                  </button>
                </div>
              ) : null}
            </li>
          ))}
          {Array.from({ length: uploading }, (_, i) => (
            <li key={`up-${i}`} aria-hidden className="aspect-square animate-pulse rounded-lg bg-muted" />
          ))}
        </ul>
      )}
      <Lightbox images={list} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />
      <Dialog open={!!deleting} onOpenChange={(o) => (o ? undefined : setDeleting(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Delete this image?</DialogTitle>
            <DialogDescription>The photo is removed from the entry and from storage.</DialogDescription>
          </DialogHeader>
          {deleting ? <img src={deleting.image_url} alt="" className="max-h-48 justify-self-center rounded-md object-contain" /> : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              onClick={() => {
                if (deleting) remove.mutate(deleting)
                setDeleting(null)
              }}
            >
              Delete image
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  )
}
