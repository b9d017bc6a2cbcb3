import { Avatar, type AvatarProps } from '@mantine/core';
import { avatarColor, initials } from '@/lib/format';

/**
 * Initials on a colour derived from the name, so a person looks the same everywhere. The shade is
 * fixed: the dark scheme would otherwise fill with shade 8 while auto contrast picks the text for
 * shade 6 (black on dark blue, 4.0:1).
 */
export function UserAvatar({ name, ...props }: { name: string } & Omit<AvatarProps, 'color' | 'children'>) {
  return (
    <Avatar color={`${avatarColor(name || '?')}.6`} variant="filled" alt={name} {...props}>
      {initials(name) || '?'}
    </Avatar>
  );
}
