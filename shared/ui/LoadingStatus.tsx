/** An announced status paragraph while a part of a widget loads (docs/architecture.md "Lazy by default"). */
export function LoadingStatus({ text }: { text: string }) {
  return (
    <p className="rw-loading" role="status">
      {text}
    </p>
  );
}
