import { useState } from 'react';
import { useScopedId } from '../../../shared/hooks/useScopedId';
import { texts } from '../texts';

/** The printed-ticket warning (docs/product-rules.md section 2), hidden until its `aria-expanded` button opens it. */
export function PrintedTicketsWarning() {
  const [open, setOpen] = useState(false);
  const panelId = useScopedId('rw-lookup-printed');
  return (
    <div className="rw-lookup__printed">
      <button
        type="button"
        className="rw-link rw-link--button rw-lookup__printed-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {texts.printedToggle}
      </button>
      <div id={panelId} className="rw-lookup__warning" hidden={!open}>
        {texts.printedWarning.map((line) => (
          <p key={line} className="rw-lookup__text">
            {line}
          </p>
        ))}
      </div>
    </div>
  );
}
