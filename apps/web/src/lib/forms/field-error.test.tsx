import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { FieldError } from './field-error';


const wrap = (node: ReactNode) => render(<MantineProvider>{node}</MantineProvider>);

describe('FieldError', () => {
  it.each([null, undefined, ''])('renders nothing for %j', (message) => {
    wrap(
      <div data-testid="host">
        <FieldError message={message} />
      </div>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('host').childElementCount).toBe(0);
  });

  it('shows the message as an alert with an icon', () => {
    wrap(<FieldError message="Enter a date as YYYY/MM/DD." />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Enter a date as YYYY/MM/DD.');
    expect(alert.querySelector('svg')).not.toBeNull();
  });

  it('is red', () => {
    wrap(<FieldError message="Bad." />);
    const style = screen.getByRole('alert').getAttribute('style') ?? '';
    expect(style).toContain('red');
  });

  it('passes extra Alert props through', () => {
    wrap(<FieldError message="Bad." id="email-error" title="Email" />);
    const alert = screen.getByRole('alert');
    expect(alert.id).toBe('email-error');
    expect(alert.textContent).toContain('Email');
  });
});
