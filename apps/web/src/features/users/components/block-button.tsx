import { Button, type ButtonProps } from '@mantine/core';
import { IconBan, IconCircleCheck } from '@tabler/icons-react';
import { confirm, notify, notifyProblem } from '@/lib/ui';
import { useBlockUser } from '../api/relations';

interface BlockButtonProps extends Omit<ButtonProps, 'children' | 'onClick'> {
  userId: string;
  name: string;
  isBlocked: boolean;
}

/** Blocking is asked for first: it also ends any follow between the two people. */
export function BlockButton({ userId, name, isBlocked, ...props }: BlockButtonProps) {
  const block = useBlockUser();

  const toggle = async () => {
    if (!isBlocked) {
      const sure = await confirm({
        title: `Block ${name}?`,
        message: `${name} will not be able to follow you or see your activity, and you will stop following them. You can unblock them later.`,
        confirmLabel: 'Block',
        danger: true,
      });
      if (!sure) return;
    }
    try {
      await block.mutateAsync({ userId, block: !isBlocked });
      notify.success(isBlocked ? `${name} is unblocked.` : `${name} is blocked.`);
    } catch (error) {
      notifyProblem(error, isBlocked ? `Could not unblock ${name}` : `Could not block ${name}`);
    }
  };

  return (
    <Button
      variant={isBlocked ? 'light' : 'subtle'}
      color={isBlocked ? 'gray' : 'red'}
      leftSection={isBlocked ? <IconCircleCheck size={16} aria-hidden /> : <IconBan size={16} aria-hidden />}
      loading={block.isPending}
      onClick={() => void toggle()}
      {...props}
    >
      {isBlocked ? 'Unblock' : 'Block'}
    </Button>
  );
}
