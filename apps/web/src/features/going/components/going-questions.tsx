import { Group, Radio, Stack, TextInput } from '@mantine/core';
import { GOING_ANSWER_MAX, type GoingAnswers, type GoingQuestion } from '@hubbub/contract';

/**
 * The host's questions, answered before saying Going. Choices and yes/no are radio groups, so
 * "not answered yet" stays possible for a question that is not required. `errors` are the
 * server's, keyed `answers.<question id>`.
 */
export function GoingQuestions({
  questions,
  answers,
  onChange,
  errors,
  disabled,
}: {
  questions: GoingQuestion[];
  answers: GoingAnswers;
  onChange: (answers: GoingAnswers) => void;
  errors: Record<string, string[]>;
  disabled?: boolean;
}) {
  const set = (id: string, value: string | boolean) => onChange({ ...answers, [id]: value });
  return (
    <Stack gap="sm" data-testid="going-questions">
      {questions.map((q) => {
        const error = errors[`answers.${q.id}`]?.join(' ');
        const answer = answers[q.id];
        if (q.kind === 'text') {
          return (
            <TextInput
              key={q.id}
              label={q.label}
              withAsterisk={q.required}
              maxLength={GOING_ANSWER_MAX}
              value={typeof answer === 'string' ? answer : ''}
              onChange={(e) => set(q.id, e.currentTarget.value)}
              error={error}
              disabled={disabled}
            />
          );
        }
        const options = q.kind === 'yesno' ? ['Yes', 'No'] : q.choices;
        const value = q.kind === 'yesno' ? (answer === true ? 'Yes' : answer === false ? 'No' : null) : typeof answer === 'string' ? answer : null;
        return (
          <Radio.Group
            key={q.id}
            label={q.label}
            withAsterisk={q.required}
            value={value}
            onChange={(v) => set(q.id, q.kind === 'yesno' ? v === 'Yes' : v)}
            error={error}
          >
            <Group gap="md" mt={6}>
              {options.map((option) => (
                <Radio key={option} value={option} label={option} disabled={disabled} />
              ))}
            </Group>
          </Radio.Group>
        );
      })}
    </Stack>
  );
}
