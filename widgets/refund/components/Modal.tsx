import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import './Modal.css';

export interface ModalProps {
  open: boolean;
  /** Also its accessible name. */
  title: ReactNode;
  /** Called on the Close button or Escape. */
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the foot; a Close button is always present. */
  actions?: ReactNode;
  closeLabel?: string;
  /** `alertdialog` for a modal that reports a problem. */
  role?: 'dialog' | 'alertdialog';
  /** Where focus goes on close when the opener cannot take it back (e.g. it was disabled). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Focuses the opener if connected and enabled, else `fallback`; forgets the opener. */
function giveFocusBack(opener: RefObject<HTMLElement | null>, fallback: RefObject<HTMLElement | null> | undefined) {
  const target = opener.current;
  opener.current = null;
  if (target?.isConnected && !(target as HTMLButtonElement).disabled) target.focus();
  else fallback?.current?.focus();
}

function trapTab(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (item) => !item.closest('[hidden]'),
  );
  if (items.length === 0) return;
  const first = items[0];
  const last = items[items.length - 1];
  const active = event.currentTarget.ownerDocument.activeElement;
  if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !event.currentTarget.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A modal on the native `<dialog>`, opened with `showModal()`: Tab wraps inside it (the native one
 * lets focus reach browser controls), Escape calls `onClose`, focus returns to the opener.
 */
export function Modal({
  open,
  title,
  onClose,
  children,
  actions,
  closeLabel = 'Close',
  role = 'dialog',
  returnFocusTo,
}: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const node = dialog.current;
    if (!node) return;
    if (open && !node.open) {
      const active = node.ownerDocument.activeElement as HTMLElement | null;
      returnFocus.current = active && active !== node.ownerDocument.body ? active : null;
      node.showModal();
      const first = node.querySelector<HTMLElement>(
        '[data-rw-autofocus], input, select, textarea, a[href], button:not([disabled])',
      );
      (first ?? heading.current)?.focus();
    } else if (!open && node.open) {
      node.close();
    }
  }, [open]);

  const fallback = useRef(returnFocusTo);
  useEffect(() => {
    fallback.current = returnFocusTo;
  }, [returnFocusTo]);

  useEffect(
    () => () => {
      giveFocusBack(returnFocus, fallback.current);
    },
    [],
  );

  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) giveFocusBack(returnFocus, fallback.current);
    wasOpen.current = open;
  }, [open]);

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialog}
      className="rw-modal"
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-modal="true"
      onKeyDown={trapTab}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open && (
        <div className="rw-modal__body">
          <h2 id={titleId} className="rw-modal__title" tabIndex={-1} ref={heading}>
            {title}
          </h2>
          <div className="rw-modal__content">{children}</div>
          <div className="rw-modal__actions">
            {actions}
            <button type="button" className="rw-button rw-button--secondary" onClick={onClose}>
              {closeLabel}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
