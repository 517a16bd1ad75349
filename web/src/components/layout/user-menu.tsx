import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";

export type UserMenuItem = { label: string; onSelect: () => void };

/**
 * The signed-in user's menu, opened from their e-mail address. A WAI-ARIA menu button: Enter, Space or the arrows
 * open it on an item, the arrows, Home and End move between items, Escape closes it and goes back to the button.
 */
export function UserMenu({ email, items }: { email: string; items: UserMenuItem[] }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const [focusOnOpen, setFocusOnOpen] = useState<number | null>(null);

  useEffect(() => {
    if (open && focusOnOpen !== null) itemRefs.current[focusOnOpen]?.focus();
  }, [open, focusOnOpen]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: Event) => {
      if (rootRef.current && event.target instanceof Node && !rootRef.current.contains(event.target)) setOpen(false);
    };
    document.addEventListener("mousedown", onPointer);
    document.addEventListener("touchstart", onPointer, { passive: true });
    return () => {
      document.removeEventListener("mousedown", onPointer);
      document.removeEventListener("touchstart", onPointer);
    };
  }, [open]);

  const openAt = (index: number) => {
    setFocusOnOpen(index);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      openAt(0);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      openAt(items.length - 1);
    }
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const current = itemRefs.current.findIndex((item) => item === document.activeElement);
    const moveTo = (index: number) => itemRefs.current[(index + items.length) % items.length]?.focus();
    const keys: Record<string, () => void> = {
      ArrowDown: () => moveTo(current + 1),
      ArrowUp: () => moveTo(current - 1),
      Home: () => moveTo(0),
      End: () => moveTo(items.length - 1),
      Escape: close,
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    } else if (event.key === "Tab") setOpen(false);
  };

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-sm btn-ghost user-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        title={email}
        onClick={() => (open ? setOpen(false) : openAt(-1))}
        onKeyDown={onButtonKey}
      >
        <span className="shell-email">{email}</span>
        <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
          <path d="m6 9 6 6 6-6" />
        </svg>
      </button>
      {open ? (
        <ul id={menuId} className="user-menu-list" role="menu" aria-label="Account" onKeyDown={onMenuKey}>
          {items.map((item, index) => (
            <li key={item.label} role="none">
              <button
                ref={(element) => {
                  itemRefs.current[index] = element;
                }}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className="user-menu-item"
                onClick={() => {
                  setOpen(false);
                  item.onSelect();
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
