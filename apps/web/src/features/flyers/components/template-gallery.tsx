import { useMemo } from 'react';
import { Paper, ScrollArea, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { FLYER_TEMPLATES, fillFlyerTemplate, type FlyerContent, type FlyerTemplate, type FlyerTemplateEvent } from '@hubbub/contract';
import { FlyerCard } from '@/components/flyer-card';
import classes from './designer.module.css';

interface TemplateGalleryProps {
  /** The event the templates are filled in with: its name and times. */
  event: FlyerTemplateEvent;
  chosenId: string | null;
  onChoose: (template: FlyerTemplate, content: FlyerContent) => void;
}

/** Designed starting points, already filled in with the event: choosing one starts the designer from it. */
export function TemplateGallery({ event, chosenId, onChoose }: TemplateGalleryProps) {
  const filled = useMemo(() => FLYER_TEMPLATES.map((template) => ({ template, content: fillFlyerTemplate(template, event) })), [event]);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="template-gallery-title" data-testid="template-gallery">
      <Stack gap="xs">
        <Title order={3} fz="md" id="template-gallery-title">
          Start from a template
        </Title>
        <Text size="sm" c="dimmed">
          Filled in with your event; change anything after.
        </Text>
        <ScrollArea type="auto" offsetScrollbars scrollbarSize={8}>
          <div className={classes.templateRow} role="list" aria-label="Templates">
            {filled.map(({ template, content }) => (
              <div role="listitem" key={template.id}>
                <UnstyledButton
                  className={classes.template}
                  aria-pressed={template.id === chosenId}
                  aria-label={`${template.name}: ${template.description}`}
                  onClick={() => onChoose(template, content)}
                  data-testid="flyer-template"
                  data-template-id={template.id}
                >
                  <FlyerCard content={content} name={template.name} size={120} />
                  <span className={classes.swatchName}>{template.name}</span>
                </UnstyledButton>
              </div>
            ))}
          </div>
        </ScrollArea>
      </Stack>
    </Paper>
  );
}
