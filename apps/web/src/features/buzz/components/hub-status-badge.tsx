import { Badge, Tooltip } from '@mantine/core';
import { useRealtime, type ConnectionState } from '@/lib/realtime';

const LOOK: Record<ConnectionState, { color: string; label: string; tip: string }> = {
  connected: { color: 'green', label: 'Connected', tip: 'Connected to the live service.' },
  connecting: { color: 'blue', label: 'Connecting', tip: 'Connecting to the live service…' },
  reconnecting: { color: 'yellow', label: 'Reconnecting', tip: 'Connection lost; reconnecting…' },
  disconnected: { color: 'gray', label: 'Offline', tip: 'Not connected to the live service.' },
};

/**
 * The hub connection state. The buzz shows it always; the header only once a screen has started
 * the connection and only when something is wrong (`troubleOnly`), so a working buzz does not
 * say "Connected" twice.
 */
export function HubStatusBadge({ always = false, troubleOnly = false }: { always?: boolean; troubleOnly?: boolean }) {
  const { started, state } = useRealtime();
  if (!started && !always) return null;
  if (troubleOnly && state === 'connected') return null;
  const look = LOOK[state];
  return (
    <Tooltip label={look.tip} withArrow events={{ hover: true, focus: true, touch: true }}>
      <Badge
        color={look.color}
        variant="dot"
        tt="none"
        tabIndex={0}
        data-testid="hub-status"
        data-state={state}
        aria-label={`Live connection: ${state}`}
      >
        {look.label}
      </Badge>
    </Tooltip>
  );
}
