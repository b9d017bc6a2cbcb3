import { Button, Divider, SimpleGrid } from '@mantine/core';
import { EXTERNAL_PROVIDER_LABELS, EXTERNAL_PROVIDER_SLUGS } from '@hubbub/contract';
import { ProviderIcon } from '@/components/provider-icon';
import { useContainerData } from '@/lib/container/container-data';
import { externalStartUrl, rememberExternalIntent } from '@/lib/external-auth';

/**
 * "Continue with Google / Microsoft", one button per provider the server is configured for (it
 * says which in the container data); none when there is none. Each is a plain link: the server
 * redirects to the provider, which sends the browser back to /auth/callback/….
 */
export function SocialSignIn({ returnTo }: { returnTo: string }) {
  const providers = useContainerData()?.externalProviders ?? [];
  if (!providers.length) return null;
  return (
    <>
      <Divider label="or" labelPosition="center" my="md" />
      <SimpleGrid cols={1} spacing="xs">
        {providers.map((provider) => (
          <Button
            key={provider}
            component="a"
            href={externalStartUrl(EXTERNAL_PROVIDER_SLUGS[provider], returnTo)}
            onClick={() => rememberExternalIntent('login')}
            variant="default"
            leftSection={<ProviderIcon provider={provider} />}
          >
            Continue with {EXTERNAL_PROVIDER_LABELS[provider]}
          </Button>
        ))}
      </SimpleGrid>
    </>
  );
}
