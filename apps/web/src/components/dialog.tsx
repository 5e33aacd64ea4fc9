import { Modal, type ModalRootProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n/react';

type DialogProps = Omit<ModalRootProps, 'title' | 'children'> & {
  title: ReactNode;
  children: ReactNode;
  /** False for a dialog that closes itself when its work ends (e.g. deploy progress). */
  withCloseButton?: boolean;
};

/**
 * A modal dialog: Mantine's Modal with its title as the dialog's name and a labelled close button.
 * Mantine renders the title bar as <header>, which inside role="dialog" counts as a second banner
 * landmark beside the page's own (axe: landmark-no-duplicate-banner), so it is presentational here.
 */
export function Dialog({ title, children, withCloseButton = true, ...props }: DialogProps) {
  const { t } = useTranslation();
  return (
    <Modal.Root {...props}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header role="none">
          <Modal.Title>{title}</Modal.Title>
          {withCloseButton ? <Modal.CloseButton aria-label={t('actions.close')} /> : null}
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
