import {
  cloneElement,
  type HTMLAttributes,
  type ReactElement,
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { firstPageShown } from '../lib/first-page';
import type { MantineChoiceMenu } from './mantine-choice-menu';

export interface ChoiceItem {
  key: string;
  label: string;
  selected: boolean;
  onSelect: () => void;
  icon?: ReactNode;
  lang?: string;
}

export interface ChoiceMenuProps {
  /** The button that opens the menu. */
  target: ReactElement;
  label: string;
  width: number;
  items: ChoiceItem[];
}

type Loaded = typeof MantineChoiceMenu;
let loaded: Loaded | undefined;
let loading: Promise<Loaded> | undefined;

function loadMenu(): Promise<Loaded> {
  loading ??= import('./mantine-choice-menu').then(
    (module) => (loaded = module.MantineChoiceMenu),
    (error: unknown) => {
      loading = undefined; // the next intent tries again
      throw error;
    },
  );
  return loading;
}

/**
 * A menu that picks one of a few choices (language, theme). Mantine's menu and its positioning
 * code (~20 kB gzip) are not needed to show a page, so they load once the first page is shown,
 * or at once when the visitor points at or focuses the button; until then the button stands
 * alone, and pressing it opens the menu as soon as it is there.
 */
export function ChoiceMenu({ target, ...menu }: ChoiceMenuProps) {
  const [Menu, setMenu] = useState(() => loaded);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const button = useRef<HTMLElement>(null);
  const refocus = useRef(false);

  const load = useCallback(() => {
    loadMenu().then(
      (component) => {
        // The button is replaced by the menu's own: keep the keyboard focus where it was.
        refocus.current = button.current !== null && button.current === document.activeElement;
        setMenu(() => component);
      },
      () => undefined,
    );
  }, []);

  const openWhenLoaded = () => {
    setOpenOnLoad(true);
    load();
  };

  useEffect(() => {
    if (!Menu) void firstPageShown.then(load);
  }, [Menu, load]);

  useLayoutEffect(() => {
    if (!Menu || !refocus.current) return;
    refocus.current = false;
    button.current?.focus();
  }, [Menu]);

  const trigger = cloneElement(target as ReactElement<{ ref?: Ref<HTMLElement> }>, { ref: button });
  if (Menu) return <Menu target={trigger} defaultOpened={openOnLoad} {...menu} />;
  return cloneElement(trigger as ReactElement<HTMLAttributes<HTMLElement>>, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: load,
    onFocus: load,
    // From the press, not the click: when the menu arrives between press and release, the
    // button is replaced and the browser sends no click, but the press has already asked to open.
    onPointerDown: openWhenLoaded,
    onClick: openWhenLoaded,
  });
}
