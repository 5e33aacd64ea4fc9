import { Anchor, type AnchorProps, Button, type ButtonProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

// Mantine components made into router links: typed `to`/`search`, preload on intent, SPA navigation.

type AnchorBase = Omit<AnchorProps, 'href'> & Omit<ComponentPropsWithRef<'a'>, 'href' | 'color' | 'style'>;
function AnchorBase(props: AnchorBase) {
  return <Anchor {...props} />;
}
const CreatedAnchor = createLink(AnchorBase);
export const AnchorLink: LinkComponent<typeof AnchorBase> = (props) => <CreatedAnchor preload="intent" {...props} />;

type ButtonBase = ButtonProps & Omit<ComponentPropsWithRef<'a'>, 'color' | 'style'>;
function ButtonBase(props: ButtonBase) {
  return <Button component="a" {...props} />;
}
const CreatedButton = createLink(ButtonBase);
export const ButtonLink: LinkComponent<typeof ButtonBase> = (props) => <CreatedButton preload="intent" {...props} />;
