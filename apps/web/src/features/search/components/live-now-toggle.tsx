import { Button } from '@mantine/core';
import classes from './live-now-toggle.module.css';

interface LiveNowToggleProps {
  value: boolean;
  onChange: (live: boolean) => void;
  className?: string;
}

/**
 * Only events whose buzz runs now. A pressed button rather than a chip: a chip grows a tick when
 * checked, and the bar's controls keep their size whatever they show.
 */
export function LiveNowToggle({ value, onChange, className }: LiveNowToggleProps) {
  return (
    <Button
      className={[classes.toggle, className].filter(Boolean).join(' ')}
      variant={value ? 'light' : 'default'}
      color={value ? 'red' : undefined}
      // Mantine's light red text is 3.3:1 on its tint; see the module for the colour used.
      c={value ? 'var(--live-now-color)' : undefined}
      aria-pressed={value}
      onClick={() => onChange(!value)}
      leftSection={<span className={classes.dot} data-on={value || undefined} aria-hidden />}
      data-testid="live-now"
    >
      Live now
    </Button>
  );
}
