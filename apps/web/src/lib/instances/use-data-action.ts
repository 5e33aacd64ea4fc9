import { useRef } from 'react';
import { isApiError } from '../api-error';
import { showErrorToast } from '../form/error-toast';
import { showFormError } from '../form/server-errors';
import type { UseFormReturnType } from '../form/use-form';
import { useTranslation } from '../i18n/react';
import { notify } from '../notify';
import {
  type InstanceActionPath,
  type InstanceActionVars,
  TaskFailedError,
  useInstanceAction,
} from './instance-actions-api';

export interface DataActionCallbacks {
  /** Once the request is accepted, while its task runs (e.g. to close the dialog). */
  onAccepted?: () => void;
  /** After the task ended OK and the success toast. */
  onDone?: () => void;
  /**
   * A refusal of the request itself (an ApiError, e.g. fields of a form): return true when handled,
   * so no toast is shown here.
   */
  onRefused?: (error: unknown) => boolean;
  /** After any failure and its toast. */
  onFailed?: () => void;
}

/**
 * One firewall, backup or snapshot action: `useInstanceAction` (post, wait for the task, refresh
 * the instance's queries) with their success and failure toasts (docs/product/instances.md).
 */
export function useDataAction<P extends InstanceActionPath>(instanceId: number, path: P) {
  const { t } = useTranslation('instance-data');
  const { t: tErrors } = useTranslation('errors');
  const accepted = useRef<(() => void) | undefined>(undefined);
  const mutation = useInstanceAction(instanceId, path, { onAccepted: () => accepted.current?.() });
  const run = (
    vars: InstanceActionVars<P>,
    toasts: { success: string; failure: string },
    callbacks: DataActionCallbacks = {},
  ) => {
    accepted.current = callbacks.onAccepted;
    mutation.mutate(vars, {
      onSuccess: () => {
        notify.success({ title: toasts.success });
        callbacks.onDone?.();
      },
      onError: (error) => {
        if (error instanceof TaskFailedError) {
          notify.error({ title: toasts.failure, message: t('form.taskFailed') });
        } else if (!(isApiError(error) && callbacks.onRefused?.(error))) {
          showErrorToast(error, tErrors, toasts.failure);
        }
        callbacks.onFailed?.();
      },
    });
  };
  return { run, isPending: mutation.isPending };
}

/**
 * The callbacks of a dialog's form: it closes once the request is accepted, and a refusal puts the
 * server's field errors under the inputs (with the toast titled `title`).
 */
export function useFormCallbacks<V extends Record<string, unknown>>(
  form: UseFormReturnType<V>,
  title: string,
  onClose: () => void,
): DataActionCallbacks {
  const { t: tErrors } = useTranslation('errors');
  return {
    onAccepted: onClose,
    onRefused: (error) => {
      showFormError(error, form, tErrors, title);
      return true;
    },
  };
}
