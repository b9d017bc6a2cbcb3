import { IconBrandGoogle, IconBrandWindows } from '@tabler/icons-react';
import type { ExternalProvider } from '@hubbub/contract';

const ICONS = { Google: IconBrandGoogle, Windows: IconBrandWindows } as const;

/** The mark of an external sign-in provider (Google, or Microsoft for the spec's "Windows"). */
export function ProviderIcon({ provider, size = 16 }: { provider: ExternalProvider; size?: number }) {
  const Icon = ICONS[provider];
  return <Icon size={size} aria-hidden />;
}
