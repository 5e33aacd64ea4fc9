import { NavLink, type NavLinkProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

// Apart from router-link.tsx because only the shell uses it: a module is the unit that goes into
// a chunk, and NavLink (with its Collapse) has no place in what the public pages load.

type NavLinkBase = NavLinkProps & Omit<ComponentPropsWithRef<'a'>, 'color' | 'style' | 'label'>;
function NavLinkBase(props: NavLinkBase) {
  return <NavLink component="a" {...props} />;
}
const CreatedNavLink = createLink(NavLinkBase);
export const NavLinkRouter: LinkComponent<typeof NavLinkBase> = (props) => (
  <CreatedNavLink preload="intent" {...props} />
);
