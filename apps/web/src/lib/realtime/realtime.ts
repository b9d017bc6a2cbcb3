import { session } from '@/lib/session';
import { createSignalRConnection } from './hub-connection';
import { createRealtimeClient } from './realtime-client';

/** The app's one hub connection. It starts when a screen first needs it, then lives until logout. */
export const realtime = createRealtimeClient({ createConnection: createSignalRConnection, session });
