import { Anchor } from '@mantine/core';
import { originHost } from '@hubbub/contract';

/** The server an event comes from (another server's, taken in by following it), linking to its page there. */
export function OriginLink({ origin, testId }: { origin: string; testId: string }) {
  return (
    <Anchor href={origin} target="_blank" rel="noopener noreferrer nofollow" inherit data-testid={testId}>
      {originHost(origin)}
    </Anchor>
  );
}
