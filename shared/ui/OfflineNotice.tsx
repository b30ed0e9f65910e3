import { useOffline } from '../hooks/useOffline';

/**
 * The one offline message of a widget (docs/offline.md "Offline, and back"): a live region that is
 * always in the page, so that `text` is announced when the page goes offline, and emptied when it
 * is back online.
 *
 * @param text what the traveller reads while offline, e.g. that nothing has been sent
 */
export function OfflineNotice({ text }: { text: string }) {
  const offline = useOffline() !== null;
  return (
    <div role="status" className="rw-offline">
      {offline && <p className="rw-message">{text}</p>}
    </div>
  );
}
