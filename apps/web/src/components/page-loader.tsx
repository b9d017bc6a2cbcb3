import { Center, Loader } from '@mantine/core';

/** In-page spinner for lazy routes and first data loads. */
export function PageLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center mih={240} role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}
