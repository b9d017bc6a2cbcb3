import { useEffect, useState, useSyncExternalStore } from 'react';
import { Autosaver, type AutosaveOptions } from './autosave';

/**
 * One Autosaver for the editor's life. It is flushed when the connection comes back and when the
 * editor goes away, and the browser asks before a tab with unsaved words closes.
 */
export function useAutosave(options: AutosaveOptions) {
  const [saver] = useState(() => new Autosaver(options));
  const status = useSyncExternalStore(saver.subscribe, saver.getStatus);

  useEffect(() => {
    const online = () => void saver.flush();
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!saver.hasUnsaved()) return;
      void saver.flush();
      event.preventDefault();
    };
    window.addEventListener('online', online);
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('beforeunload', beforeUnload);
      // Leaving the page inside the app: what is typed still goes out.
      void saver.flush().finally(() => saver.dispose());
    };
  }, [saver]);

  return { saver, status };
}
