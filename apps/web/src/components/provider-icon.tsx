import type { OAuthProvider } from '@nimbus/contract';
import { IconBrandGithub, IconId } from '@tabler/icons-react';

/** GitHub's mark, or an ID card for any OpenID Connect provider. */
export function ProviderIcon({ kind, size = 18 }: { kind: OAuthProvider['Kind']; size?: number }) {
  const Icon = kind === 'github' ? IconBrandGithub : IconId;
  return <Icon size={size} aria-hidden />;
}
