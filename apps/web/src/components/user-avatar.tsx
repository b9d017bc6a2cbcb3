import { Avatar, type AvatarProps } from '@mantine/core';
import { avatarColor, initials } from '@/lib/format';

/** Initials on a colour derived from the name, so a person looks the same everywhere. */
export function UserAvatar({ name, ...props }: { name: string } & Omit<AvatarProps, 'color' | 'children'>) {
  return (
    <Avatar color={avatarColor(name || '?')} variant="filled" alt={name} {...props}>
      {initials(name) || '?'}
    </Avatar>
  );
}
