import { useCallback, useState, type ReactNode } from 'react';
import { notify } from '@/lib/ui';
import { moderationErrorMessage } from '../moderation-error';
import { ReasonDialog } from '@/components/reason-dialog';

export interface ReasonAction {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** The notification once it worked. */
  success: string;
  danger?: boolean;
  run: (reason: string) => Promise<unknown>;
  onDone?: () => void;
}

interface DialogState {
  action: ReasonAction;
  opened: boolean;
  /** A fresh dialog (an empty reason) for every question. */
  serial: number;
}

/**
 * Asks for a reason, runs the action, says it worked or shows why not in the dialog. One dialog
 * serves a whole screen: `ask` opens it for whichever button was pressed.
 */
export function useReasonAction(): { ask: (action: ReasonAction) => void; dialog: ReactNode } {
  const [state, setState] = useState<DialogState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const ask = useCallback((action: ReasonAction) => {
    setError(null);
    setState((s) => ({ action, opened: true, serial: (s?.serial ?? 0) + 1 }));
  }, []);

  // The action stays in state while the dialog animates out, so its texts do not blank.
  const close = () => setState((s) => (s ? { ...s, opened: false } : s));

  const confirm = async (reason: string) => {
    if (!state) return;
    const { action } = state;
    setBusy(true);
    setError(null);
    try {
      await action.run(reason);
      notify.success(action.success);
      close();
      action.onDone?.();
    } catch (e) {
      setError(moderationErrorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const dialog = state && (
    <ReasonDialog
      key={state.serial}
      opened={state.opened}
      title={state.action.title}
      description={state.action.description}
      confirmLabel={state.action.confirmLabel}
      danger={state.action.danger}
      busy={busy}
      error={error}
      onCancel={() => !busy && close()}
      onConfirm={(reason) => void confirm(reason)}
    />
  );
  return { ask, dialog };
}
