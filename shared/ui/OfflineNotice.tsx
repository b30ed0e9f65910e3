import { useOffline } from '../hooks/useOffline';

/** The one offline message: a live region always in the page, announcing `text` while offline (docs/offline.md "Offline, and back"). */
export function OfflineNotice({ text }: { text: string }) {
  const offline = useOffline() !== null;
  return (
    <div role="status" className="rw-offline">
      {offline && <p className="rw-message">{text}</p>}
    </div>
  );
}
