import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, MultiSelect, Select, Stack, Text } from '@mantine/core';
import type { AdminPerson, AdminPlanChange } from '@hubbub/contract';
import { notify } from '@/lib/ui';
import { PLAN_CHOICES, useCatalogue } from '../api/catalogue';
import { useModeratePerson } from '../api/person';
import { moderationErrorMessage } from '../moderation-error';
import { PersonBadges } from './person-badges';
import { Section } from './section';
import { ReasonField } from '@/components/reason-field';

type PlanName = AdminPlanChange['plan'];

/** The plan and add-ons the person has, and the operator's way to set them. */
export function PersonPlanSection({ person }: { person: AdminPerson }) {
  const [open, setOpen] = useState(false);
  const [serial, setSerial] = useState(0);
  return (
    <Section
      id="person-plan"
      title="Plan and add-ons"
      actions={
        <Button
          size="xs"
          variant="default"
          onClick={() => {
            setSerial((n) => n + 1);
            setOpen(true);
          }}
        >
          Set plan
        </Button>
      }
    >
      <PersonBadges person={{ plan: person.plan, roles: [], suspended: false }} />
      <Group gap={4}>
        <Text size="sm">Add-ons:</Text>
        {person.addOns.length ? (
          person.addOns.map((a) => (
            <Badge key={a} variant="outline" size="sm">
              {a}
            </Badge>
          ))
        ) : (
          <Text size="sm" c="dimmed">
            none
          </Text>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {person.subscription ? `Subscription: ${person.subscription.source}, ${person.subscription.status}` : 'No subscription.'}
      </Text>
      <SetPlanDialog key={serial} person={person} opened={open} onClose={() => setOpen(false)} />
    </Section>
  );
}

function SetPlanDialog({ person, opened, onClose }: { person: AdminPerson; opened: boolean; onClose: () => void }) {
  const catalogue = useCatalogue();
  const moderate = useModeratePerson();
  const [plan, setPlan] = useState<string | null>(person.plan);
  const [addOns, setAddOns] = useState<string[]>(person.addOns);
  const [reason, setReason] = useState('');
  const plans = catalogue.data?.plans ?? PLAN_CHOICES;
  // Add-ons the person holds stay choosable even when the catalogue no longer lists them.
  const addOnChoices = [...(catalogue.data?.addOns ?? []), ...person.addOns.filter((a) => !catalogue.data?.addOns.some((c) => c.value === a)).map((a) => ({ value: a, label: a }))];
  const ok = Boolean(plan) && plans.some((p) => p.value === plan) && reason.trim().length >= 3;
  const close = () => {
    if (moderate.isPending) return;
    moderate.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={`Set the plan of ${person.name}`} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!ok) return;
          moderate.mutate(
            { kind: 'plan', id: person.id, plan: plan as PlanName, addOns, reason: reason.trim() },
            {
              onSuccess: () => {
                notify.success(`${person.name} is on ${plan} now.`);
                onClose();
              },
            },
          );
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            This replaces what billing or the operator set before; a paid subscription that renews later may set it again.
          </Text>
          <Select label="Plan" data={plans} value={plan} onChange={setPlan} allowDeselect={false} required data-autofocus />
          <MultiSelect label="Add-ons" data={addOnChoices} value={addOns} onChange={setAddOns} placeholder={addOns.length ? undefined : 'None'} clearable />
          <ReasonField value={reason} onChange={setReason} />
          {moderate.isError && <Alert color="red">{moderationErrorMessage(moderate.error)}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={!ok} loading={moderate.isPending}>
              Set plan
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
