import afterSrc from '../images/ticket-after.svg';
import beforeSrc from '../images/ticket-before.svg';
import { texts } from '../texts';

/** The example photos before and after cutting: drawing (240 × 140), text alternative, caption. */
const EXAMPLES = [
  { src: beforeSrc, alt: texts.exampleBeforeAlt, caption: texts.exampleBefore },
  { src: afterSrc, alt: texts.exampleAfterAlt, caption: texts.exampleAfter },
];

/**
 * The evidence steps (docs/product-rules.md "Manual refund evidence screen"); "about 1 MB or more" is advice, not a
 * check (docs/decisions.md "Uploads").
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
