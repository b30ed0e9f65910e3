import afterSrc from '../images/ticket-after.svg';
import beforeSrc from '../images/ticket-before.svg';
import { texts } from '../texts';

/** The example photos, before and after cutting: each drawing (240 × 140), its text alternative and caption. */
const EXAMPLES = [
  { src: beforeSrc, alt: texts.exampleBeforeAlt, caption: texts.exampleBefore },
  { src: afterSrc, alt: texts.exampleAfterAlt, caption: texts.exampleAfter },
];

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
      <h3 className="rw-manual-claim__subheading">{texts.stepsHeading}</h3>
      <ol className="rw-manual-claim__steps">
        {texts.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <h3 className="rw-manual-claim__subheading">{texts.exampleHeading}</h3>
      <div className="rw-manual-claim__examples">
        {EXAMPLES.map((example) => (
          <figure className="rw-manual-claim__example" key={example.caption}>
            <img
              className="rw-manual-claim__example-image"
              src={example.src}
              alt={example.alt}
              width={240}
              height={140}
            />
            <figcaption>{example.caption}</figcaption>
          </figure>
        ))}
      </div>
      <p className="rw-manual-claim__note">{texts.highResolution}</p>
      <p className="rw-manual-claim__note">{texts.madeSmaller}</p>
    </>
  );
}
