import { useState } from 'react';
import { Button, Group, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Profile } from '@hubbub/contract';
import { applyServerErrors } from '@/lib/api';
import { FieldError, mantineValidator, required, type Rule } from '@/lib/forms';
import { notify, TEXTAREA_ROWS } from '@/lib/ui';
import { useUpdateProfile } from '../api/update-profile';

const maxLength = (max: number, label: string): Rule => (v) =>
  String(v ?? '').trim().length <= max || `${label} must be at most ${max} characters.`;

const websiteRule: Rule = (v) => {
  const text = String(v ?? '').trim();
  return text === '' || /^https?:\/\/\S+$/i.test(text) || 'Website must start with http:// or https://.';
};

const FIELDS = ['name', 'bio', 'location', 'website'] as const;

export function ProfileForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: {
      name: profile.name,
      bio: profile.bio ?? '',
      location: profile.location ?? '',
      website: profile.website ?? '',
      listedInDirectory: profile.listedInDirectory,
    },
    validate: {
      name: mantineValidator([required('Name is required.'), maxLength(100, 'Name')]),
      bio: mantineValidator([maxLength(1000, 'Bio')]),
      location: mantineValidator([maxLength(120, 'Location')]),
      website: mantineValidator([maxLength(300, 'Website'), websiteRule]),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setMessage(null);
    const trimmed = (s: string) => s.trim() || null;
    try {
      await update.mutateAsync({
        name: values.name.trim(),
        bio: trimmed(values.bio),
        location: trimmed(values.location),
        website: trimmed(values.website),
        listedInDirectory: values.listedInDirectory,
      });
      form.resetDirty();
      notify.success('Your profile is saved.');
    } catch (error) {
      setMessage(applyServerErrors(error, form, FIELDS));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={560}>
        <FieldError message={message} title="Could not save the profile" />
        <TextInput label="Email" value={profile.email} readOnly description="Your sign-in address; it cannot be changed here." variant="filled" />
        <TextInput label="Name" autoComplete="name" required key={form.key('name')} {...form.getInputProps('name')} />
        <Textarea
          label="Bio"
          description="A few words about you and the events you like. Up to 1000 characters."
          rows={TEXTAREA_ROWS}
          key={form.key('bio')}
          {...form.getInputProps('bio')}
        />
        <TextInput
          label="Location"
          placeholder="City, State"
          description="Your home shows what is on near this city."
          autoComplete="address-level2"
          key={form.key('location')}
          {...form.getInputProps('location')}
        />
        <TextInput
          label="Website"
          type="url"
          placeholder="https://example.com"
          autoComplete="url"
          key={form.key('website')}
          {...form.getInputProps('website')}
        />
        <Switch
          label="List me in the people directory"
          description="Others can then find you under People. Hosts of public events are listed anyway, since their name is on their events."
          key={form.key('listedInDirectory')}
          {...form.getInputProps('listedInDirectory', { type: 'checkbox' })}
        />
        <Group>
          <Button type="submit" loading={update.isPending}>
            Save profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
