import { ArrowClockwise, DownloadSimple, MagnifyingGlassMinus, MagnifyingGlassPlus } from '@phosphor-icons/react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import type { Attachment } from '../api/attachments'
import { ZOOM_MAX, ZOOM_MIN, formatBytes, previewKind, zoomBy } from '../utils/files'
import { downloadAttachment } from './download'

/**
 * The file preview (002 §2): images with zoom 50–300 % in 1.2× steps and
 * 90° turns, PDF, video and audio; anything else says it cannot be shown.
 */
export function PreviewDialog({ attachment, onClose }: { attachment: Attachment; onClose: () => void }) {
  const [zoom, setZoom] = useState(1)
  const [turn, setTurn] = useState(0)
  const kind = previewKind(attachment.mime_type)
  const url = attachment.url
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle className="truncate">{attachment.filename}</DialogTitle>
          <DialogDescription>
            {formatBytes(attachment.file_size)} · {attachment.mime_type}
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap items-center gap-1">
          {kind === 'image' ? (
            <>
              <Button variant="outline" size="icon-sm" aria-label="Zoom out" disabled={zoom <= ZOOM_MIN} onClick={() => setZoom((z) => zoomBy(z, -1))}>
                <MagnifyingGlassMinus size={16} aria-hidden />
              </Button>
              <span className="w-14 text-center text-sm tabular-nums" aria-live="polite" aria-label="Zoom level">
                {Math.round(zoom * 100)}%
              </span>
              <Button variant="outline" size="icon-sm" aria-label="Zoom in" disabled={zoom >= ZOOM_MAX} onClick={() => setZoom((z) => zoomBy(z, 1))}>
                <MagnifyingGlassPlus size={16} aria-hidden />
              </Button>
              <Button variant="outline" size="icon-sm" aria-label="Rotate" onClick={() => setTurn((t) => (t + 90) % 360)}>
                <ArrowClockwise size={16} aria-hidden />
              </Button>
            </>
          ) : null}
          <Button variant="outline" size="sm" className="ml-auto" onClick={() => void downloadAttachment(attachment)}>
            <DownloadSimple size={16} aria-hidden />
            Download
          </Button>
        </div>
        <div className="flex min-h-40 items-center justify-center overflow-auto rounded-md bg-muted/40" style={{ maxHeight: 'calc(100dvh - 16rem)' }}>
          {!url ? (
            <p className="p-6 text-sm text-muted-foreground">The file is not available.</p>
          ) : kind === 'image' ? (
            <img
              src={url}
              alt={attachment.filename}
              className="max-w-full origin-center transition-transform"
              style={{ transform: `scale(${zoom}) rotate(${turn}deg)` }}
            />
          ) : kind === 'pdf' ? (
            <iframe title={`PDF: ${attachment.filename}`} src={url} className="h-[70dvh] w-full rounded-md bg-white" />
          ) : kind === 'video' ? (
            <video src={url} controls className="max-h-[70dvh] max-w-full" aria-label={attachment.filename} />
          ) : kind === 'audio' ? (
            <audio src={url} controls aria-label={attachment.filename} className="w-full" />
          ) : (
            <p className="p-6 text-center text-sm text-muted-foreground">This file type cannot be previewed. Click download to view it.</p>
          )}
        </div>
      </DialogContent>
    </Dialog>
  )
}
