/**
 * What a widget shows while a part of it loads (docs/architecture.md "Lazy by default": the code of
 * a lazily loaded part, or an answer the widget waits for): a status paragraph, announced to screen
 * readers, in the hint colour (`rw-loading`, shared/mount/mount.css).
 *
 * @param text what is loading, e.g. 'Loading the form…'
 */
export function LoadingStatus({ text }: { text: string }) {
  return (
    <p className="rw-loading" role="status">
      {text}
    </p>
  );
}
