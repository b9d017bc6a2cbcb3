import { Anchor } from '@mantine/core';
import { linkParts } from '../chat-model';

/** A message's words as text, its http(s) addresses as links that open elsewhere; nothing is read as HTML. */
export function ChatText({ text }: { text: string }) {
  return (
    <>
      {linkParts(text).map((part, i) =>
        part.href ? (
          <Anchor key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow ugc" style={{ overflowWrap: 'anywhere' }}>
            {part.text}
          </Anchor>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
