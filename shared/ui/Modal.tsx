import { useEffect, useId, useRef, type ReactNode } from 'react';
import './Modal.css';

export interface ModalProps {
  /** Whether the modal is shown. */
  open: boolean;
  /** Heading of the modal; also its accessible name. */
  title: ReactNode;
  /** Called when the traveller closes it (Close button or Escape). */
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the foot of the modal; a Close button is always present. */
  actions?: ReactNode;
  /** Text of the close button; default 'Close'. */
  closeLabel?: string;
  /** `alertdialog` for a modal that reports a problem (e.g. 'Lookup failed'). */
  role?: 'dialog' | 'alertdialog';
}

/**
 * An accessible modal on the native `<dialog>` element (SPEC.md modals; DESIGN.md conventions):
 * opened with `showModal()` so the rest of the page is inert (focus is trapped inside), Escape
 * closes it through `onClose`, the heading names it, focus moves to the first focusable element
 * (else the heading) and returns to the element that had it when the modal closes.
 */
export function Modal({ open, title, onClose, children, actions, closeLabel = 'Close', role = 'dialog' }: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const node = dialog.current;
    if (!node) return;
    if (open && !node.open) {
      returnFocus.current = node.ownerDocument.activeElement as HTMLElement | null;
      node.showModal();
      const first = node.querySelector<HTMLElement>(
        '[data-rw-autofocus], input, select, textarea, a[href], button:not([disabled])',
      );
      (first ?? heading.current)?.focus();
    } else if (!open && node.open) {
      node.close();
    }
  }, [open]);

  useEffect(
    () => () => {
      returnFocus.current?.focus?.();
    },
    [],
  );

  useEffect(() => {
    if (!open && returnFocus.current) {
      const target = returnFocus.current;
      returnFocus.current = null;
      if (target.isConnected) target.focus();
    }
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="rw-modal"
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-modal="true"
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
