import { useState, type ReactNode } from 'react';
import { useScopedId } from '../hooks/useScopedId';
import './Accordion.css';

export interface AccordionProps {
  /** The header; it names the toggle button and the panel. */
  title: ReactNode;
  /** Open on first render (docs/product-rules.md section 2). */
  startShown?: boolean;
  children?: ReactNode;
  /** Base of the ids (`{id}-button`, `{id}-panel`); made unique when omitted. */
  id?: string;
  headingLevel?: 2 | 3 | 4;
}

/**
 * An expandable section (WAI-ARIA accordion pattern; docs/product-rules.md section 2): a heading
 * with a real `aria-expanded` button; the panel is `hidden` when collapsed, its children kept mounted.
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
