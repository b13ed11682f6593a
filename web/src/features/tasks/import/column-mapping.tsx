import { type DateOrder, FIELDS, type Field, type PriorityScale, type Table, columnValues, hasAmbiguousDates, hasNumericPriorities } from './generic'

export type MappingState = {
  mapping: Field[]
  dateOrder: DateOrder
  /** The data showed the order (a day above 12); otherwise it is the locale's guess. */
  dateOrderFromData: boolean
  priorityScale: PriorityScale
}

const selectClass =
  'h-9 w-full rounded-md border border-input bg-background px-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50'
const SAMPLE_ROWS = 5
const LABEL = new Map(FIELDS.map((f) => [f.value, f.label]))

/** A field for column i; a field another column had goes to this one, and that column is ignored. */
export function assign(mapping: readonly Field[], i: number, field: Field): Field[] {
  return mapping.map((f, j) => (j === i ? field : field !== 'ignore' && f === field ? 'ignore' : f))
}

/**
 * The mapping step of a generic CSV import: every column with its first
 * values and the task field it fills, the file's first rows as they will
 * be read, and the two questions the data may leave open (day order,
 * which end of a numeric priority scale is high).
 */
export function ColumnMapping({ table, state, onChange }: { table: Table; state: MappingState; onChange: (s: MappingState) => void }) {
  const valuesOf = (field: Field) => state.mapping.flatMap((f, i) => (f === field ? columnValues(table, i) : []))
  const dates = [...valuesOf('due_date'), ...valuesOf('completed')]
  const askOrder = hasAmbiguousDates(dates)
  const askScale = hasNumericPriorities(valuesOf('priority'))
  const sample = table.rows.slice(0, SAMPLE_ROWS)
  return (
    <section className="grid gap-4" aria-labelledby="import-columns-heading">
      <div className="grid gap-1">
        <h3 id="import-columns-heading" className="text-sm font-medium">
          Map the columns
        </h3>
        <p className="text-sm text-muted-foreground">
          Choose the task field each column fills. A guess from the column names is filled in; Title is required.
        </p>
      </div>
      <ul aria-label="Columns" className="grid gap-2 sm:grid-cols-2">
        {table.header.map((name, i) => {
          const examples = columnValues(table, i)
            .filter((v) => v !== '')
            .slice(0, 3)
          const id = `import-column-${i}`
          return (
            <li key={i} className="grid gap-1.5 rounded-md border p-3">
              <label htmlFor={id} className="truncate text-sm font-medium" title={name}>
                {name}
              </label>
              <p className="truncate text-xs text-muted-foreground" title={examples.join(' · ')}>
                {examples.length ? examples.join(' · ') : 'empty in the first rows'}
              </p>
              <select
                id={id}
                aria-label={`Field for column ${name}`}
                className={selectClass}
                value={state.mapping[i] ?? 'ignore'}
                onChange={(e) => onChange({ ...state, mapping: assign(state.mapping, i, e.target.value as Field) })}
              >
                {FIELDS.map((f) => (
                  <option key={f.value} value={f.value}>
                    {f.label}
                  </option>
                ))}
              </select>
            </li>
          )
        })}
      </ul>

      {askOrder || askScale ? (
        <div className="grid gap-3 sm:grid-cols-2">
          {askOrder ? (
            <div className="grid gap-1.5">
              <label htmlFor="import-date-order" className="text-sm font-medium">
                Dates like 03/04/2026 are
              </label>
              <select
                id="import-date-order"
                className={selectClass}
                value={state.dateOrder}
                onChange={(e) => onChange({ ...state, dateOrder: e.target.value as DateOrder, dateOrderFromData: false })}
              >
                <option value="dmy">day/month/year (3 April)</option>
                <option value="mdy">month/day/year (March 4)</option>
              </select>
              <p className="text-xs text-muted-foreground">
                {state.dateOrderFromData ? 'Read from the file: some day is above 12.' : 'The file does not tell; check the dry run’s dates.'}
              </p>
            </div>
          ) : null}
          {askScale ? (
            <div className="grid gap-1.5">
              <label htmlFor="import-priority-scale" className="text-sm font-medium">
                Priority 1 is
              </label>
              <select
                id="import-priority-scale"
                className={selectClass}
                value={state.priorityScale}
                onChange={(e) => onChange({ ...state, priorityScale: e.target.value as PriorityScale })}
              >
                <option value="high-first">the highest (1 urgent … 4 low)</option>
                <option value="low-first">the lowest (1 low … 4 urgent)</option>
              </select>
            </div>
          ) : null}
        </div>
      ) : null}

      <div className="overflow-x-auto rounded-md border">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">The first rows of the file</caption>
          <thead className="bg-muted/50 text-xs">
            <tr>
              {table.header.map((name, i) => (
                <th key={i} scope="col" className="whitespace-nowrap px-3 py-2 align-bottom font-medium">
                  <span className="block text-foreground">{name}</span>
                  <span className={state.mapping[i] === 'ignore' ? 'text-muted-foreground line-through' : 'text-primary'}>
                    {LABEL.get(state.mapping[i] ?? 'ignore')}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sample.map((r) => (
              <tr key={r.line} className="border-t">
                {table.header.map((_, i) => (
                  <td key={i} className={`max-w-[14rem] truncate px-3 py-2 ${state.mapping[i] === 'ignore' ? 'text-muted-foreground' : ''}`}>
                    {r.cells[i] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {table.rows.length > SAMPLE_ROWS ? (
          <p className="border-t px-3 py-2 text-xs text-muted-foreground">
            and {new Intl.NumberFormat().format(table.rows.length - SAMPLE_ROWS)} more rows
          </p>
        ) : null}
      </div>
    </section>
  )
}
