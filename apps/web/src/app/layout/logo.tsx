import { Group, Text } from '@mantine/core';

/**
 * The mark of public/favicon.svg, drawn inline: as an <img> of /favicon.svg (served `no-cache`, with
 * the document headers an SVG file gets) it cost every first visit a request of about 1 KB, two
 * when the page revalidated it. Keep the two in step.
 */
function Mark() {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width={28} height={28} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#7048e8" />
      <path d="M14 20a6 6 0 0 1 6-6h24a6 6 0 0 1 6 6v16a6 6 0 0 1-6 6H30l-9 8v-8h-1a6 6 0 0 1-6-6z" fill="#fff" />
      <circle cx="24" cy="28" r="3" fill="#7048e8" />
      <circle cx="32" cy="28" r="3" fill="#7048e8" />
      <circle cx="40" cy="28" r="3" fill="#7048e8" />
    </svg>
  );
}

export function Logo() {
  return (
    <Group gap={8} wrap="nowrap">
      <Mark />
      <Text fw={800} fz="xl" style={{ letterSpacing: '-0.02em' }}>
        Hubbub
      </Text>
    </Group>
  );
}
