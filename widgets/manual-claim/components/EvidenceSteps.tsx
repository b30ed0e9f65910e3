import afterSrc from '../images/ticket-after.svg';
import beforeSrc from '../images/ticket-before.svg';
import { CTEXT } from '../texts';

/**
 * The evidence steps of docs/product-rules.md section 2 "Manual refund evidence screen": photograph the tickets,
 * cut each in half, photograph again; example before and after photos (our own small SVG
 * drawings, with text alternatives); the note that only high-resolution images (about 1 MB or
 * more) are accepted (advice, not a check: docs/decisions.md "Uploads"), and that photos are made smaller before
 * they are sent (docs/uploads.md "What the traveller reads").
 */
export function EvidenceSteps() {
  return (
    <>
      <h3 className="rw-manual-claim__subheading">{CTEXT.stepsHeading}</h3>
      <ol className="rw-manual-claim__steps">
        {CTEXT.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <h3 className="rw-manual-claim__subheading">{CTEXT.exampleHeading}</h3>
      <div className="rw-manual-claim__examples">
        <figure className="rw-manual-claim__example">
          <img
            className="rw-manual-claim__example-image"
            src={beforeSrc}
            alt={CTEXT.exampleBeforeAlt}
            width={240}
            height={140}
          />
          <figcaption>{CTEXT.exampleBefore}</figcaption>
        </figure>
        <figure className="rw-manual-claim__example">
          <img
            className="rw-manual-claim__example-image"
            src={afterSrc}
            alt={CTEXT.exampleAfterAlt}
            width={240}
            height={140}
          />
          <figcaption>{CTEXT.exampleAfter}</figcaption>
        </figure>
      </div>
      <p className="rw-manual-claim__note">{CTEXT.highResolution}</p>
      <p className="rw-manual-claim__note">{CTEXT.madeSmaller}</p>
    </>
  );
}
