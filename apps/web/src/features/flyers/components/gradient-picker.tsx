import { useMemo, useState } from 'react';
import { Box, Group, Pagination, SimpleGrid, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { Gradient } from '@hubbub/contract';
import { gradientCss } from '@/components/flyer-card';
import { filterGradients, pageOf } from '../content/gradient-search';
import classes from './designer.module.css';

/** 382 swatches at once is slow to paint on phones: show a page at a time. */
const PER_PAGE = 12;

interface GradientPickerProps {
  value: string | null;
  onChange: (gradient: Gradient) => void;
}

/** A searchable, paged grid of the catalogue's gradients; each swatch is a button named after its gradient. */
export function GradientPicker({ value, onChange }: GradientPickerProps) {
  const [query, setQuery] = useState('');
  const matches = useMemo(() => filterGradients(query), [query]);
  const [page, setPage] = useState(() => pageOf(matches, value, PER_PAGE));
  const pages = Math.max(1, Math.ceil(matches.length / PER_PAGE));
  const current = Math.min(page, pages);
  const shown = matches.slice((current - 1) * PER_PAGE, current * PER_PAGE);

  return (
    <Box>
      <TextInput
        label="Search gradients"
        placeholder="e.g. sunset"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={query}
        onChange={(e) => {
          setQuery(e.currentTarget.value);
          setPage(1);
        }}
        mb="xs"
      />
      <Text size="xs" c="dimmed" mb={6} aria-live="polite">
        {matches.length === 0 ? 'No gradient has that name.' : `${matches.length} gradient${matches.length === 1 ? '' : 's'}`}
      </Text>
      <SimpleGrid cols={{ base: 3, xs: 4 }} spacing={8} verticalSpacing={8} role="group" aria-label="Gradients" data-testid="gradient-grid">
        {shown.map((g) => (
          <UnstyledButton
            key={g.name}
            className={classes.swatch}
            aria-pressed={g.name === value}
            onClick={() => onChange(g)}
            data-testid="gradient-swatch"
            title={g.name}
          >
            <span className={classes.swatchColour} style={{ background: gradientCss(g.colors, 135) }} aria-hidden />
            <span className={classes.swatchName}>{g.name}</span>
          </UnstyledButton>
        ))}
      </SimpleGrid>
      {pages > 1 && (
        <Group justify="center" mt="sm">
          <Pagination total={pages} value={current} onChange={setPage} size="sm" siblings={0} boundaries={1} aria-label="Gradient pages" />
        </Group>
      )}
    </Box>
  );
}
