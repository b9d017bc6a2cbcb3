import { authApi } from '@hubbub/contract';
import { api } from '@/lib/api';
import { session } from '@/lib/session';
import { createSignalRConnection } from './hub-connection';
import { createRealtimeClient } from './realtime-client';

/**
 * The app's one hub connection. It starts when a screen first needs it, then lives until logout.
 * When the server ends it because the session ended (a logout elsewhere, a suspension, a deleted
 * account), one authenticated call lets the session layer find out why and sign out with the right notice.
 */
export const realtime = createRealtimeClient({
  createConnection: createSignalRConnection,
  session,
  onSessionEnded: () => void api.call(authApi.user).catch(() => undefined),
});
