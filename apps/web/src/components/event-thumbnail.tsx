import { AspectRatio, Center, Image, type AspectRatioProps } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';

interface EventThumbnailProps {
  path: string | null;
  width?: AspectRatioProps['w'];
  radius?: string;
}

/** The event's 16:9 picture, or a neutral tile when it has none. Decorative: the name is beside it. */
export function EventThumbnail({ path, width = 112, radius = 'sm' }: EventThumbnailProps) {
  return (
    <AspectRatio ratio={16 / 9} w={width} style={{ flexShrink: 0 }}>
      {path ? (
        <Image src={path} alt="" radius={radius} fit="cover" loading="lazy" />
      ) : (
        <Center bg="var(--mantine-color-default-hover)" style={{ borderRadius: `var(--mantine-radius-${radius})` }} data-testid="thumbnail-placeholder">
          <IconCalendarEvent size={22} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
        </Center>
      )}
    </AspectRatio>
  );
}
