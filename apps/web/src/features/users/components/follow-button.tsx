import { Button, type ButtonProps } from '@mantine/core';
import { IconUserCheck, IconUserPlus } from '@tabler/icons-react';
import { notifyProblem } from '@/lib/ui';
import { useFollowUser, useUnfollowUser } from '../api/relations';

interface FollowButtonProps extends Omit<ButtonProps, 'children' | 'onClick'> {
  userId: string;
  name: string;
  isFollowing: boolean;
}

export function FollowButton({ userId, name, isFollowing, ...props }: FollowButtonProps) {
  const follow = useFollowUser();
  const unfollow = useUnfollowUser();
  const pending = follow.isPending || unfollow.isPending;

  const toggle = async () => {
    try {
      if (isFollowing) await unfollow.mutateAsync(userId);
      else await follow.mutateAsync(userId);
    } catch (error) {
      notifyProblem(error, isFollowing ? `Could not unfollow ${name}` : `Could not follow ${name}`);
    }
  };

  return (
    <Button
      variant={isFollowing ? 'light' : 'filled'}
      leftSection={isFollowing ? <IconUserCheck size={16} aria-hidden /> : <IconUserPlus size={16} aria-hidden />}
      loading={pending}
      onClick={() => void toggle()}
      aria-pressed={isFollowing}
      // The name starts with the visible word (WCAG 2.5.3); aria-pressed says whether a click unfollows.
      aria-label={isFollowing ? `Following ${name}` : `Follow ${name}`}
      {...props}
    >
      {isFollowing ? 'Following' : 'Follow'}
    </Button>
  );
}
