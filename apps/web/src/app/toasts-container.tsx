import { Notifications } from '@mantine/notifications';

/** Mantine's toast container; a chunk of its own, loaded by <Toasts>. */
export function ToastsContainer() {
  return <Notifications position="top-right" zIndex={1000} limit={4} />;
}
