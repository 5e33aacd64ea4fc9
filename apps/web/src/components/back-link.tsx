import { Anchor, type AnchorProps } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

type BackBase = Omit<AnchorProps, 'href'> & Omit<ComponentPropsWithRef<'a'>, 'href' | 'color' | 'style'>;
function BackBase({ children, ...props }: BackBase) {
  return (
    <Anchor fz="sm" w="fit-content" display="inline-flex" style={{ alignItems: 'center', gap: 4 }} {...props}>
      <IconArrowLeft size={16} aria-hidden style={{ flex: 'none' }} />
      {children}
    </Anchor>
  );
}
const CreatedBack = createLink(BackBase);

/**
 * The way back from a page to the list or page it belongs to ("All instances", "Back to billing"):
 * one look everywhere, an arrow and the destination's name, above the page's title.
 */
export const BackLink: LinkComponent<typeof BackBase> = (props) => <CreatedBack preload="intent" {...props} />;
