import type { CSSProperties, ReactNode } from 'react';
import { Table, VisuallyHidden, type TableThProps } from '@mantine/core';
import { ScrollTable } from './scroll-table';

export interface DataColumn {
  /** The heading; for a column of buttons, what a screen reader hears (it is not shown). */
  label: string;
  hidden?: boolean;
  align?: TableThProps['ta'];
}

/**
 * The admin console's lists (followers, blocks, people, the audit log): a striped table under its
 * headings that scrolls sideways on a narrow screen. The rows are the caller's `Table.Tr`s.
 */
export function DataTable({ label, minWidth, columns, testId, style, children }: { label: string; minWidth: number; columns: DataColumn[]; testId: string; style?: CSSProperties; children: ReactNode }) {
  return (
    <ScrollTable label={label} minWidth={minWidth}>
      <Table striped verticalSpacing="xs" data-testid={testId} style={style}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.label} ta={c.align}>
                {c.hidden ? <VisuallyHidden>{c.label}</VisuallyHidden> : c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
