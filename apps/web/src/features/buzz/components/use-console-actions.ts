import { useEffect, useState } from 'react';
import { realtime } from '@/lib/realtime';
import { confirm, notify, notifyProblem, problemMessage } from '@/lib/ui';
import { useLaunchFlyers } from '../api/launches';
import { launchWindow } from '../buzz-model';
import { endConfirmText } from '../console-model';

const STATUS_MS = 6000;

/**
 * What the host console does, for the panel and the phone's bar alike: one action at a time, each
 * saying what happened. Launching before the buzz is live goes live first, and says so. `inline`
 * (the phone's bar) says it in the bar instead of a toast, which would sit on top of the bar.
 */
export function useConsoleActions(opts: { eventId: string; when: string; scheduledLaunches: number; inline?: boolean }) {
  const { eventId, inline = false } = opts;
  const launch = useLaunchFlyers();
  const [busy, setBusy] = useState<string | null>(null);
  const [status, setStatus] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  // A line in the bar goes after a while, as a toast would.
  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(null), STATUS_MS);
    return () => clearTimeout(timer);
  }, [status]);

  async function run(key: string, action: () => Promise<unknown>, done?: string): Promise<boolean> {
    setBusy(key);
    try {
      await action();
      if (done && inline) setStatus({ kind: 'success', text: done });
      else if (done) notify.success(done);
      return true;
    } catch (error) {
      if (inline) setStatus({ kind: 'error', text: problemMessage(error) });
      else notifyProblem(error);
      return false;
    } finally {
      setBusy(null);
    }
  }

  const goLive = () => run('start', () => realtime.updateSession(eventId, { state: 'Started' }), 'You are live: everyone watching sees what you launch.');

  const end = async () => {
    const sure = await confirm({
      title: 'End the live buzz?',
      message: endConfirmText(opts.when, opts.scheduledLaunches),
      confirmLabel: 'End the buzz',
      cancelLabel: 'Keep it live',
      danger: true,
    });
    if (sure) await run('end', () => realtime.updateSession(eventId, { state: 'Stopped' }), 'The buzz has ended.');
  };

  /** Launch now for `minutes`; `goLiveFirst` starts the session before (the console's not-live launch). */
  const launchNow = (flyerId: string, minutes: number, goLiveFirst: boolean) =>
    run(
      'launch',
      async () => {
        if (goLiveFirst) await realtime.updateSession(eventId, { state: 'Started' });
        await launch.mutateAsync({ eventId, flyerIds: [flyerId], ...launchWindow(new Date(), minutes) });
      },
      goLiveFirst ? 'You went live first, then launched the flyer: it is on stage now.' : 'Flyer launched: it is on stage now.',
    );

  const schedule = (flyerId: string, startDate: string, endDate: string) =>
    run('schedule', () => launch.mutateAsync({ eventId, flyerIds: [flyerId], startDate, endDate }), 'Launch scheduled: see it in the timeline.');

  const sendMessage = (title: string, message: string) =>
    // The server turns the message into EventNotification for everyone watching (us included).
    run('message', () => realtime.updateSession(eventId, { state: 'Updated', title: title || undefined, message }));

  return { busy, status, goLive, end, launchNow, schedule, sendMessage };
}

export type ConsoleActions = ReturnType<typeof useConsoleActions>;
