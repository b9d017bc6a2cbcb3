import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';
import type { CalendarProblem } from '../calendar-problem';

/** The alert of a failed save; past the plan's limit it shows the way to a bigger plan. */
export function CalendarProblemAlert({ alert }: { alert: NonNullable<CalendarProblem['alert']> }) {
  return (
    <Alert color={alert.upgrade ? 'orange' : 'red'} title={alert.title} role="alert" data-testid="calendar-problem">
      {alert.message}
      {alert.upgrade && (
        <>
          {' '}
          <Anchor component={Link} to="/account/subscription" inherit data-testid="calendar-plan-limit-upgrade">
            See the plans
          </Anchor>
        </>
      )}
    </Alert>
  );
}
