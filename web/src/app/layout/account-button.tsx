import { Button, type ButtonProps } from '@/components/ui/button'

/** The account menu's trigger: the user's initials. */
export function AccountButton({ initials, ...props }: ButtonProps & { initials: string }) {
  return (
    // The name holds the initials shown (WCAG 2.5.3, label in name).
    <Button
      variant="ghost"
      size="icon-sm"
      aria-label={`Account menu, ${initials}`}
      data-boot-label="Account menu, "
      className="rounded-full"
      {...props}
    >
      <span
        className="flex size-7 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
        data-boot="initials"
      >
        {initials}
      </span>
    </Button>
  )
}
