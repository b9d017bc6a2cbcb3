import { ActionIcon, Button, Checkbox, Group, Paper, Select, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { GOING_CHOICE_MAX, GOING_CHOICES_MAX, GOING_QUESTION_LABEL_MAX, GOING_QUESTIONS_MAX, type GoingQuestion } from '@hubbub/contract';

const KINDS = [
  { value: 'text', label: 'Short text' },
  { value: 'choice', label: 'Choice' },
  { value: 'yesno', label: 'Yes or no' },
];

/** The host's questions for people saying Going: up to ten, each short text, a choice or yes/no, required or not. */
export function QuestionsEditor({ questions, onChange, errors }: { questions: GoingQuestion[]; onChange: (questions: GoingQuestion[]) => void; errors: Record<string, string[]> }) {
  const update = (i: number, change: Partial<GoingQuestion>) => onChange(questions.map((q, j) => (j === i ? { ...q, ...change } : q)));
  const errorOf = (i: number, field: string) => errors[`questions.${i}.${field}`]?.join(' ');
  return (
    <Stack gap="xs" data-testid="going-questions-editor">
      <Text size="sm" fw={500}>
        Questions
      </Text>
      {questions.length === 0 && (
        <Text size="sm" c="dimmed">
          No questions: people say Going with one click.
        </Text>
      )}
      {questions.map((q, i) => (
        <Paper key={q.id} withBorder radius="sm" p="sm">
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label={`Question ${i + 1}`}
              placeholder="What should we know?"
              maxLength={GOING_QUESTION_LABEL_MAX}
              value={q.label}
              onChange={(e) => update(i, { label: e.currentTarget.value })}
              error={errorOf(i, 'label')}
              style={{ flex: '1 1 220px' }}
            />
            <Select
              label="Answered as"
              data={KINDS}
              value={q.kind}
              allowDeselect={false}
              onChange={(v) => v && update(i, { kind: v as GoingQuestion['kind'], choices: v === 'choice' ? q.choices : [] })}
              w={140}
            />
            <Checkbox label="Required" checked={q.required} onChange={(e) => update(i, { required: e.currentTarget.checked })} mt={32} />
            <ActionIcon variant="subtle" color="red" aria-label={`Remove question ${i + 1}`} onClick={() => onChange(questions.filter((_, j) => j !== i))} mt={28} size="lg">
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
          {q.kind === 'choice' && (
            <TagsInput
              mt="xs"
              label="Choices"
              description={`Type a choice and press Enter (2 to ${GOING_CHOICES_MAX})`}
              value={q.choices}
              onChange={(choices) => update(i, { choices: choices.map((c) => c.slice(0, GOING_CHOICE_MAX)) })}
              maxTags={GOING_CHOICES_MAX}
              error={errorOf(i, 'choices')}
            />
          )}
        </Paper>
      ))}
      {questions.length < GOING_QUESTIONS_MAX && (
        <Button
          variant="subtle"
          leftSection={<IconPlus size={16} aria-hidden />}
          w="fit-content"
          onClick={() => onChange([...questions, { id: crypto.randomUUID(), kind: 'text', label: '', required: false, choices: [] }])}
          data-testid="going-add-question"
        >
          Add a question
        </Button>
      )}
    </Stack>
  );
}
