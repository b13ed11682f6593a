import {
  type ComponentType,
  type FocusEvent,
  type KeyboardEvent,
  type LazyExoticComponent,
  type PointerEvent,
  type ReactElement,
  Suspense,
  cloneElement,
  useRef,
  useState,
} from 'react'

/** What a deferred menu gets when it mounts. */
export type DeferredMenuProps = {
  /** Mount open: the user pressed the trigger before the menu's code was there. */
  defaultOpen: boolean
  /** Opened while the keyboard was in use: focus the first item, as Radix does. */
  openedWithKeyboard: boolean
}

type Props<P extends object> = {
  /** The menu (a Radix DropdownMenu with its trigger), loaded with React.lazy. */
  menu: LazyExoticComponent<ComponentType<DeferredMenuProps & P>>
  /** What the menu shows besides (the row it acts on, say). */
  menuProps?: P
  /** Starts loading the menu's module (the same import the lazy component makes). */
  preload: () => unknown
  /** The trigger button as the menu renders it, shown alone until the code is there. */
  trigger: ReactElement<Record<string, unknown>>
  /** For a menu whose open state lives elsewhere (the loaded menu reads it): opening mounts it. */
  open?: boolean
  onOpenChange?: (open: boolean) => void
}

// Radix's Menu focuses the first item when the last input was a key (its
// root listens for this once mounted); until the menu is mounted, this does.
let usingKeyboard = false
if (typeof document !== 'undefined') {
  const pointer = () => {
    usingKeyboard = false
  }
  document.addEventListener('keydown', () => (usingKeyboard = true), { capture: true, passive: true })
  document.addEventListener('pointerdown', pointer, { capture: true, passive: true })
  document.addEventListener('pointermove', pointer, { capture: true, passive: true })
}

/**
 * A dropdown menu whose code (Radix menu, floating-ui, the items' icons)
 * loads when the pointer or focus first reaches its trigger, and at the
 * latest when the trigger is pressed; the menu then mounts open. Until then
 * the trigger is a plain button with the same name and ARIA state, so the
 * first paint of the app needs none of that code.
 */
export function DeferredMenu<P extends object = Record<never, never>>({ menu: Menu, menuProps, preload, trigger, open, onOpenChange }: Props<P>) {
  const [pressed, setPressed] = useState(false)
  const keyboard = useRef<boolean | null>(null)
  const show = pressed || open === true
  if (show && keyboard.current === null) keyboard.current = usingKeyboard
  const press = () => {
    onOpenChange?.(true)
    setPressed(true)
  }
  const placeholder = cloneElement(trigger, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    'data-state': 'closed',
    onPointerEnter: preload,
    onFocus: preload,
    // The events and conditions on which Radix's DropdownMenu.Trigger opens.
    onPointerDown: (event: PointerEvent) => {
      if (event.button === 0 && !event.ctrlKey) {
        event.preventDefault()
        press()
      }
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
        event.preventDefault()
        press()
      }
    },
    // A click with no pointerdown before it: the one index.html kept while
    // the prerendered page was not yet the app's and clicked again after
    // hydration (lib/early-clicks.ts), or a press whose pointerdown came
    // before React listened. Radix's trigger ignores clicks; this one opens.
    onClick: () => {
      if (!show) press()
    },
  })
  if (!show) return placeholder
  return (
    <Suspense fallback={placeholder}>
      <Menu {...(menuProps as P)} defaultOpen openedWithKeyboard={keyboard.current ?? false} />
    </Suspense>
  )
}

/**
 * For the menu's Content (onFocus): on a first open while the keyboard was
 * in use, move the focus from the content to its first item, as Radix does
 * for a menu that was mounted before the key was pressed.
 */
export function focusFirstItemOnce(openedWithKeyboard: boolean) {
  let pending = openedWithKeyboard
  return (event: FocusEvent<HTMLElement>) => {
    if (!pending || event.target !== event.currentTarget) return
    pending = false
    event.currentTarget.querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])')?.focus({ preventScroll: true })
  }
}
