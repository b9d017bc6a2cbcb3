import { useEffect, useRef, useState, type RefObject } from 'react';
import { AspectRatio, Center, Image, type AspectRatioProps } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { smallThumbnailPath } from '@hubbub/contract';

interface EventThumbnailProps {
  path: string | null;
  width?: AspectRatioProps['w'];
  radius?: string;
}

/**
 * True once the element is on screen or about to be. Chromium's own `loading="lazy"` starts every
 * picture within 1250 px or more of the viewport, which is the whole first page of a results list
 * (issue 25: eight thumbnails, 97 KB, on a first visit to /search where three are seen). An
 * IntersectionObserver sees the list panel's own scrolling clip them, so only what shows loads.
 */
function useNearScreen<T extends Element>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver !== 'function');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near];
}

/** The event's 16:9 picture, or a neutral tile when it has none. Decorative: the name is beside it. */
export function EventThumbnail({ path, width = 112, radius = 'sm' }: EventThumbnailProps) {
  const [ref, near] = useNearScreen<HTMLDivElement>();
  return (
    // Until its picture loads, a tile holds its place (no layout shift).
    <AspectRatio
      ref={ref}
      ratio={16 / 9}
      w={width}
      bg={path ? 'var(--mantine-color-default-hover)' : undefined}
      style={{ flexShrink: 0, borderRadius: `var(--mantine-radius-${radius})` }}
    >
      {path ? (
        // The 240x135 copy (about 3 KB) where the server has one: the card shows it at most 112 px wide.
        near && <Image src={smallThumbnailPath(path) ?? path} alt="" radius={radius} fit="cover" loading="lazy" decoding="async" fetchPriority="low" />
      ) : (
        <Center bg="var(--mantine-color-default-hover)" style={{ borderRadius: `var(--mantine-radius-${radius})` }} data-testid="thumbnail-placeholder">
          <IconCalendarEvent size={22} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
        </Center>
      )}
    </AspectRatio>
  );
}
