import { useMemo, useState } from 'react';
import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Tag } from '@hubbub/contract';
import { useTagCategories, useTagSearch } from '../api/tags';
import { TAGS_MAX } from '../form/event-form-values';

interface TagsFieldProps {
  value: string[];
  onChange: (ids: string[]) => void;
  /** The event's tags, so their names show before any search runs. */
  initialTags: Tag[];
  error?: string | null;
}

/** Categories and other tags, searched on the server as the person types. */
export function TagsField({ value, onChange, initialTags, error }: TagsFieldProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const categories = useTagCategories();
  const found = useTagSearch(debounced);
  // Names of every tag seen so far: a chosen tag keeps its label when a new search drops it.
  const [seen, setSeen] = useState<Map<string, Tag>>(() => new Map(initialTags.map((t) => [t.id, t])));

  const known = useMemo(() => {
    const all = new Map(seen);
    for (const tag of [...(categories.data ?? []), ...(found.data ?? [])]) all.set(tag.id, tag);
    return all;
  }, [seen, categories.data, found.data]);

  const data = useMemo(() => {
    const tags = [...known.values()];
    const group = (items: Tag[]) => items.map((t) => ({ value: t.id, label: t.name })).sort((a, b) => a.label.localeCompare(b.label));
    return [
      { group: 'Categories', items: group(tags.filter((t) => t.isCategory)) },
      { group: 'Tags', items: group(tags.filter((t) => !t.isCategory)) },
    ].filter((g) => g.items.length);
  }, [known]);

  return (
    <MultiSelect
      label="Tags"
      description={`Up to ${TAGS_MAX}. Categories help people find the event.`}
      placeholder={value.length ? undefined : 'Search tags'}
      data={data}
      value={value}
      onChange={(ids) => {
        setSeen((prev) => {
          const next = new Map(prev);
          for (const id of ids) {
            const tag = known.get(id);
            if (tag) next.set(id, tag);
          }
          return next;
        });
        onChange(ids);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      maxValues={TAGS_MAX}
      nothingFoundMessage={found.isFetching ? 'Searching…' : 'No tag matches'}
      clearable
      error={error ?? (categories.isError ? 'Tags could not be loaded. Try again later.' : undefined)}
    />
  );
}
