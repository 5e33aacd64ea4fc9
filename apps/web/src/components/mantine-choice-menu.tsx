import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactElement } from 'react';
import type { ChoiceMenuProps } from './choice-menu';

interface MantineChoiceMenuProps extends Omit<ChoiceMenuProps, 'target'> {
  target: ReactElement;
  defaultOpened: boolean;
}

/** The Mantine menu behind <ChoiceMenu>; a chunk of its own with Mantine's popover code. */
export function MantineChoiceMenu({ target, label, width, items, defaultOpened }: MantineChoiceMenuProps) {
  return (
    <Menu position="bottom-end" width={width} withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{label}</Menu.Label>
        {items.map((item) => (
          <Menu.Item
            key={item.key}
            lang={item.lang}
            onClick={item.onSelect}
            leftSection={item.icon}
            rightSection={item.selected ? <IconCheck size={16} aria-hidden /> : null}
            aria-current={item.selected ? 'true' : undefined}
          >
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
