import { Stack, Table, Text } from '@mantine/core';
import { CLIENT_VERSION } from '@hubbub/contract';
import { useContainerData } from '@/lib/container/container-data';

export function AboutPanel() {
  const container = useContainerData();
  const rows: [string, string][] = [
    ['Client version', CLIENT_VERSION],
    ['Server version', container ? `${container.version}${container.build ? ` (${container.build})` : ''}` : 'Unknown'],
  ];
  return (
    <Stack gap={6}>
      <Text fw={600}>About</Text>
      <Table variant="vertical" withTableBorder maw={420} layout="fixed">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={160}>{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
