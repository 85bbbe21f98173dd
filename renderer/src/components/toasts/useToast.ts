import { useCallback } from 'react';
import { classifyError } from '@shared/domain/error-classifier';
import { useAppDispatch } from '../../core/hooks';
import { dismissToast, showToast, type ToastInput } from './toastSlice';

/** The toast of the error catalogue (spec 000 §8) for a failed request; none for a 402 (its dialog speaks). */
export function errorToast(error: unknown, title?: string): ToastInput | null {
  const classified = classifyError(error);
  if (classified.requiresPayment) return null;
  return { title: title ?? classified.title, description: classified.message, variant: classified.variant };
}

export function useToast() {
  const dispatch = useAppDispatch();
  const toast = useCallback((input: ToastInput) => dispatch(showToast(input)).payload.id, [dispatch]);
  const dismiss = useCallback((id?: string) => dispatch(dismissToast(id)), [dispatch]);
  const toastError = useCallback(
    (error: unknown, title?: string) => {
      const input = errorToast(error, title);
      if (input) dispatch(showToast(input));
    },
    [dispatch],
  );
  return { toast, dismiss, toastError };
}
