import { useMemo, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { PageHeader } from '@/components/ui/page-header'
import { browserZone } from '@/features/tasks/utils/dates'
import { parseParts } from '@/features/tasks/quick-add/parse'
import { useQuickAddStore } from '@/features/tasks/stores/quick-add-store'

const EXAMPLES = [
  'Call Sam tomorrow at 2pm p1 #work',
  'Submit report ^Work next friday 5pm !!',
  'Gym every monday and wednesday at 7am @health',
  'Pay rent every month starting Dec 1 until 2027-06-01',
  'Team sync in Office project tagged as meetings high priority',
]

/**
 * /app/demo (001 §2): the quick-add parser live on a text box. The parse
 * runs in the page (features/tasks/quick-add/parse.ts); nothing is saved.
 */
export default function Demo() {
  const openQuickAdd = useQuickAddStore((s) => s.setOpen)
  const [text, setText] = useState(EXAMPLES[0] ?? '')
  const zone = browserZone()
  const result = useMemo(() => parseParts(text, { now: new Date(), timeZone: zone }), [text, zone])
  const { parts, ...shown } = result

  return (
    <div>
      <PageHeader title="Natural-language demo" description="Write a task the way you say it and see what quick add understands." />
      <div className="grid max-w-3xl gap-4 p-4 md:p-6">
        <Field label="Try a task" hint={`Dates resolve in ${zone}. Nothing is saved.`}>
          {(p) => <Input {...p} value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" maxLength={500} />}
        </Field>
        <div className="flex flex-wrap gap-2" aria-label="Examples" role="group">
          {EXAMPLES.map((ex) => (
            <Button key={ex} size="sm" variant="outline" onClick={() => setText(ex)} className="h-auto py-1 text-left whitespace-normal">
              {ex}
            </Button>
          ))}
        </div>
        <p className="rounded-md border p-3 text-sm leading-7" aria-label="Recognised text">
          {parts.length === 0 ? (
            text
          ) : (
            <Highlighted text={text} parts={parts} />
          )}
        </p>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 rounded-md border p-3 text-sm" aria-label="Parsed result">
          {Object.entries(shown).map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="font-medium">{key}</dt>
              <dd className="font-mono text-xs break-all" data-testid={`demo-${key}`}>
                {JSON.stringify(value)}
              </dd>
            </div>
          ))}
        </dl>
        <div>
          <Button onClick={() => openQuickAdd(true)}>Open quick add</Button>
        </div>
      </div>
    </div>
  )
}

function Highlighted({ text, parts }: { text: string; parts: ReturnType<typeof parseParts>['parts'] }) {
  const out: React.ReactNode[] = []
  let at = 0
  for (const p of parts) {
    if (p.start > at) out.push(text.slice(at, p.start))
    out.push(
      <mark key={p.start} title={p.kind} className="rounded bg-primary/15 px-0.5 text-foreground">
        {p.text}
        <span className="sr-only"> ({p.kind})</span>
      </mark>,
    )
    at = p.end
  }
  out.push(text.slice(at))
  return <>{out}</>
}
