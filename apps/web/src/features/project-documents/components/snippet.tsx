import { Text } from '@mantine/core';
import type { ProjectDocumentHit } from '@hubbub/contract';

/** The search's excerpt with the matched words marked: parts as text, so nothing in a document becomes markup. */
export function Snippet({ parts }: { parts: ProjectDocumentHit['snippet'] }) {
  if (!parts.length) return null;
  return (
    <Text size="sm" c="dimmed" lineClamp={3} data-testid="document-snippet">
      {parts.map((part, i) =>
        part.hit ? (
          <mark key={i} style={{ background: 'var(--mantine-color-yellow-2)', color: 'inherit', borderRadius: 2, padding: '0 1px' }}>
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </Text>
  );
}
