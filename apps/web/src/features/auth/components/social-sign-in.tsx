import { Button, Divider, SimpleGrid, Text, Tooltip } from '@mantine/core';
import { IconBrandGoogle, IconBrandWindows } from '@tabler/icons-react';

const NOT_YET = 'Social sign-in is not available yet.';

/** The server answers external sign-in with 501 for now, so the buttons say so instead of pretending. */
export function SocialSignIn() {
  return (
    <>
      <Divider label="or" labelPosition="center" my="md" />
      <SimpleGrid cols={1} spacing="xs">
        {[
          { label: 'Google', icon: IconBrandGoogle },
          { label: 'Microsoft', icon: IconBrandWindows },
        ].map(({ label, icon: Icon }) => (
          <Tooltip key={label} label={NOT_YET} events={{ hover: true, focus: true, touch: true }}>
            <Button variant="default" leftSection={<Icon size={16} aria-hidden />} data-disabled aria-disabled onClick={(e) => e.preventDefault()}>
              Continue with {label}
            </Button>
          </Tooltip>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed" ta="center" mt={6}>
        {NOT_YET}
      </Text>
    </>
  );
}
