import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { FieldError } from '@/lib/forms';
import type { EventSaveAlert } from '../form/server-errors';

/** What a refused save says above the event forms, with the way to a bigger plan when the plan's limit refused it. */
export function SaveAlert({ alert }: { alert: EventSaveAlert | null }) {
  return (
    <>
      <FieldError message={alert?.message} title={alert?.title} />
      {alert?.upgrade && (
        <Anchor component={Link} to="/account/subscription" size="sm" data-testid="plan-limit-upgrade">
          See the plans and upgrade
        </Anchor>
      )}
    </>
  );
}
