import { useState, type ReactNode } from 'react';
import { useScopedId } from '../hooks/useScopedId';
import './Accordion.css';

export interface AccordionProps {
  /** The header text (or nodes); it is the accessible name of the toggle button and of the panel. */
  title: ReactNode;
  /** Open on first render (docs/product-rules.md section 2: collapsed unless told to start shown). */
  startShown?: boolean;
  children?: ReactNode;
  /** Base for the element ids (`{id}-button`, `{id}-panel`); a unique id is made when omitted. */
  id?: string;
  /** Level of the heading that wraps the toggle button (default 3). */
  headingLevel?: 2 | 3 | 4;
}

/**
 * An expandable section (docs/product-rules.md section 2 "Accordion"; the WAI-ARIA accordion pattern).
 *
 * The header is a heading containing a real `<button aria-expanded aria-controls>` that toggles
 * the panel, so Enter and Space work as for any button; a `+` / `−` icon (aria-hidden) shows the
 * state. The panel is a labelled region, `hidden` while collapsed: its children stay mounted, so
 * form state inside survives collapsing. Collapsed unless `startShown`.
 */
export function Accordion({ title, startShown = false, children, id, headingLevel = 3 }: AccordionProps) {
  const generated = useScopedId('rw-accordion');
  const base = id ?? generated;
  const buttonId = `${base}-button`;
  const panelId = `${base}-panel`;
  const [open, setOpen] = useState(startShown);
  const Heading = `h${headingLevel}` as 'h2' | 'h3' | 'h4';

  return (
    <div className={open ? 'rw-accordion rw-accordion--open' : 'rw-accordion'}>
      <Heading className="rw-accordion__heading">
        <button
          type="button"
          id={buttonId}
          className="rw-accordion__button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((shown) => !shown)}
        >
          <span className="rw-accordion__title">{title}</span>
          <span className="rw-accordion__icon" aria-hidden="true">
            {open ? '−' : '+'}
          </span>
        </button>
      </Heading>
      <div id={panelId} className="rw-accordion__panel" role="region" aria-labelledby={buttonId} hidden={!open}>
        {children}
      </div>
    </div>
  );
}
